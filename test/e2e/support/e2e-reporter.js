// Mocha's spec reporter plus the e2e suite's own closing line, in the plain
// form CI reads: "e2e: N passed, N failed, N skipped".
'use strict';
const Mocha = require('mocha');
const { EVENT_RUN_END } = Mocha.Runner.constants;

class E2eReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(EVENT_RUN_END, () => {
      const s = runner.stats || {};
      process.stdout.write(`\ne2e: ${s.passes || 0} passed, ${s.failures || 0} failed, ${s.pending || 0} skipped\n`);
    });
  }
}
module.exports = E2eReporter;

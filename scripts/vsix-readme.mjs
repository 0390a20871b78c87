// The README the .vsix ships: the repository README with its screenshots (relative images, which the
// Marketplace cannot load from a package, and Auspex has no public repository to serve them from)
// turned into a line naming each picture. Links to files of the repository are kept as text.
// Written to out/vsix/README.md; `npm run package` passes it to vsce with --readme-path.
import * as fs from 'fs';
import * as path from 'path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const text = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const out = text
  // ![alt](relative.png) → *(Screenshot: alt.)*
  .replace(/!\[([^\]]*)\]\((?!https?:)[^)\s]+\)/g, (_m, alt) => `*(Screenshot: ${alt}.)*`)
  // [label](relative/path) → label (relative/path): no link the Marketplace would break.
  .replace(/(?<!!)\[([^\]]+)\]\((?!https?:|#|mailto:)([^)\s]+)\)/g, (_m, label, target) => (label === target ? `\`${label}\`` : `${label} (\`${target}\`)`));
fs.mkdirSync(path.join(root, 'out', 'vsix'), { recursive: true });
fs.writeFileSync(path.join(root, 'out', 'vsix', 'README.md'), out);

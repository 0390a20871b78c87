// Loaded before every test (.mocharc.json): the run's own cache folder, so that what the tests download and the
// digests they write (node/digest.ts, node/folderDigest.ts) never reach the user's ~/.cache/auspex, and nothing
// cached there changes what a test sees. A test that wants a cache of its own still passes AUSPEX_CACHE_DIR.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

if (!process.env.AUSPEX_CACHE_DIR) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auspex-test-cache-'));
  process.env.AUSPEX_CACHE_DIR = dir;
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
}

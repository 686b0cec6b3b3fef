/**
 * A module on disk for each test, in a temporary folder of its own, and rewritten as an edit would
 * rewrite it (the module cache told to read it again): what the tests of what kept facts read of a
 * module share (module-reads.test.js, class-reads.test.js).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { forgetModule } from '../../../rules/project/modules/module-cache.js';

/**
 * Registers the hooks of the describe it is called in: before each test, `name` holds `text`.
 * @param {string} prefix the temporary folder's name
 * @param {string} name the module's file name
 * @param {string} text
 * @returns {{ readonly file: string, write: (text: string) => void }}
 */
export function moduleOnDisk(prefix, name, text) {
  let dir = '';
  let file = '';
  /** @param {string} next */
  const write = (next) => {
    fs.writeFileSync(file, next);
    forgetModule(file);
  };
  beforeEach(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
    file = path.join(dir, name);
    write(text);
  });
  afterEach(() => {
    forgetModule();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    get file() {
      return file;
    },
    write,
  };
}

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Writes the files of a build through the thread pool while the next pages render: on a disk
 * where making a folder or a file takes a millisecond, an edit's pages were written one after the
 * other, some 5 ms each, before the next one rendered.
 */
export class FileWriter {
  #outDir: string;
  #writes: Promise<void>[] = [];
  #failure: unknown = null;

  constructor(outDir: string) {
    this.#outDir = outDir;
  }

  /** Starts writing `text` to `file` (`/gallery/index.html`), its folder made if needed; answers `file`. */
  write(file: string, text: string | Uint8Array): string {
    const path = join(this.#outDir, file);
    const writing = mkdir(dirname(path), { recursive: true }).then(() => writeFile(path, text));
    // Caught at once, reported by done(): a write that fails while pages render must not end the process.
    this.#writes.push(
      writing.catch((error: unknown) => {
        this.#failure ??= error;
      }),
    );
    return file;
  }

  /** Resolves once every file is written; rejects with the first failure. */
  async done(): Promise<void> {
    await Promise.all(this.#writes);
    if (this.#failure) throw this.#failure;
  }
}

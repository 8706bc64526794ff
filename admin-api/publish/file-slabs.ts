/**
 * Reads files into slices of large buffers ("slabs") instead of a buffer each. The C library
 * serves buffers of a page's size (tens of KB) from its heap, which it cannot give back to the
 * system while anything allocated after them lives: loading a whole site at the limit (2,900
 * pages, 240 MB) left the server some 140 MB resident for good once the pages were compressed and
 * their uncompressed forms dropped. A slab is larger than the library ever serves from its heap
 * (32 MB on 64-bit glibc), so it is mapped on its own and given back whole once none of its slices
 * is used any more.
 */
import { open } from 'node:fs/promises';

export const SLAB_BYTES = 64 * 1024 * 1024;

export class FileSlabs {
  #slab: Buffer<ArrayBuffer> | null = null;
  #used = 0;

  /** The `size` bytes of the file at `path`, in a slice of a slab (a file larger than a slab gets one of its own size). */
  async read(path: string, size: number): Promise<Buffer<ArrayBuffer>> {
    const into = this.#take(size);
    const file = await open(path, 'r');
    try {
      const { bytesRead } = await file.read(into, 0, size, 0);
      if (bytesRead !== size) throw new Error(`${path} changed while it was read`);
    } finally {
      await file.close();
    }
    return into;
  }

  #take(size: number): Buffer<ArrayBuffer> {
    if (size > SLAB_BYTES) return Buffer.allocUnsafeSlow(size);
    if (!this.#slab || this.#used + size > SLAB_BYTES) {
      this.#slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
      this.#used = 0;
    }
    const slice = this.#slab.subarray(this.#used, this.#used + size);
    this.#used += size;
    return slice;
  }
}

/** A buffer as 64 KiB slices (no copies): bulk-load input stays well under any wire packet limit. */
export function* inputChunks(input: Buffer, size = 64 * 1024): Generator<Buffer> {
  for (let i = 0; i < input.length; i += size) yield input.subarray(i, Math.min(i + size, input.length));
}

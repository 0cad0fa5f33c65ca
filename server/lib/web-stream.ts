import type { Readable } from 'node:stream';

/**
 * A Node stream as a web stream for a response body, pull-based: the source is read only as fast as the
 * client takes bytes, so a large file or archive is never buffered; a client that goes away ends the source.
 */
export function toWebStream(source: Readable): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        source.pause();
        source.on('data', (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) source.pause();
        });
        source.once('end', () => controller.close());
        source.once('error', (error) => controller.error(error));
      },
      pull() {
        source.resume();
      },
      cancel() {
        source.destroy();
      },
    },
    { highWaterMark: 256 * 1024, size: (chunk) => chunk.byteLength },
  );
}

import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/** What COPY's binary format starts with: a signature, then 32-bit flags and a header extension's length. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;
/** A row's field count (16 bits) and one field's length (32 bits; −1 is NULL). */
const FIELD_HEAD_BYTES = 6;

/**
 * The one bytea value that `select` (a SELECT of a single bytea column, at most one row) gives,
 * read with `COPY (select) TO STDOUT (FORMAT binary)` on the transaction's own connection: the
 * bytes as they are stored, copied straight into one Buffer. node-postgres receives a bytea of a
 * query's answer as hex text, twice its size, and decodes it in one piece (docs/performance.md,
 * "Scale curve"). Null when the row or its value is missing.
 *
 * `select` is SQL text: only constant text and values the caller made safe go in it (COPY takes
 * no parameters).
 */
export async function copyByteaOut(trx: Knex.Transaction, select: string): Promise<Buffer | null> {
  // Inside a transaction knex hands out the transaction's one connection (and never releases it).
  const connection = await trx.client.acquireConnection();
  const stream = connection.query(copyTo(`COPY (${select}) TO STDOUT (FORMAT binary)`));
  const reader = new BinaryCopyReader();
  for await (const chunk of stream as AsyncIterable<Buffer>) reader.push(chunk);
  return reader.value();
}

/** Bytes a message to the server holds at most while copyRowIn streams a row. */
const CHUNK_BYTES = 1024 * 1024;

/** A column's value in COPY's binary format: a 32- or 64-bit integer, text, a time, or bytes given as parts (`byteLength` in all). */
export type BinaryCell =
  | { int32: number }
  | { int64: number }
  | { text: string }
  | { time: Date }
  | { parts: readonly Uint8Array[]; byteLength: number };

/** PostgreSQL's epoch for timestamptz, in Unix milliseconds. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);

/**
 * Appends one row to `table` (`cells` in the order of `columns`) with `COPY table (columns) FROM
 * STDIN (FORMAT binary)` on the transaction's own connection. Bytes given as parts are copied
 * into messages of up to 1 MiB as the connection takes them, so a value of 121 MB is neither one
 * buffer in this process nor a copy of one in the driver's message, and the event loop runs
 * between the messages. `table` and `columns` are SQL names the caller wrote, not input.
 */
export async function copyRowIn(trx: Knex.Transaction, table: string, columns: readonly string[], cells: readonly BinaryCell[]): Promise<void> {
  const connection = await trx.client.acquireConnection();
  const copy = connection.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN (FORMAT binary)`));
  await pipeline(Readable.from(binaryRow(cells)), copy);
}

/** COPY's binary format of one row: the header, each field's length and bytes (long ones in chunks), the trailer. */
function* binaryRow(cells: readonly BinaryCell[]): Generator<Buffer> {
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let used = 0;
  function* put(bytes: Uint8Array): Generator<Buffer> {
    for (let at = 0; at < bytes.byteLength; ) {
      const n = Math.min(CHUNK_BYTES - used, bytes.byteLength - at);
      chunk.set(n === bytes.byteLength ? bytes : bytes.subarray(at, at + n), used);
      used += n;
      at += n;
      if (used === CHUNK_BYTES) {
        yield chunk;
        chunk = Buffer.allocUnsafe(CHUNK_BYTES);
        used = 0;
      }
    }
  }
  const head = Buffer.alloc(HEADER_BYTES + 2);
  SIGNATURE.copy(head, 0);
  // Flags and the header extension's length stay 0.
  head.writeInt16BE(cells.length, HEADER_BYTES);
  yield* put(head);
  for (const cell of cells) {
    const length = Buffer.alloc(4);
    if ('parts' in cell) {
      length.writeInt32BE(cell.byteLength);
      yield* put(length);
      let written = 0;
      for (const part of cell.parts) {
        yield* put(part);
        written += part.byteLength;
      }
      if (written !== cell.byteLength) throw new Error(`The parts hold ${written} bytes, not the ${cell.byteLength} announced`);
      continue;
    }
    const value = fieldBytes(cell);
    length.writeInt32BE(value.byteLength);
    yield* put(length);
    yield* put(value);
  }
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1);
  yield* put(trailer);
  yield chunk.subarray(0, used);
}

function fieldBytes(cell: Exclude<BinaryCell, { parts: readonly Uint8Array[] }>): Buffer {
  if ('text' in cell) return Buffer.from(cell.text, 'utf8');
  const value = Buffer.alloc('int32' in cell ? 4 : 8);
  if ('int32' in cell) value.writeInt32BE(cell.int32);
  else if ('int64' in cell) value.writeBigInt64BE(BigInt(cell.int64));
  else value.writeBigInt64BE(BigInt(cell.time.getTime() - PG_EPOCH_MS) * 1000n);
  return value;
}

/** COPY's binary format (one row of one field) read as it streams in. */
class BinaryCopyReader {
  /** Bytes kept until the header and the field's head are whole. */
  private head = Buffer.alloc(0);
  private headBytes = HEADER_BYTES;
  private field: Buffer | null = null;
  private filled = 0;
  private rows = 0;
  private isNull = false;

  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.field && this.filled < this.field.length) {
        const copied = chunk.copy(this.field, this.filled, at, Math.min(chunk.length, at + this.field.length - this.filled));
        this.filled += copied;
        at += copied;
        continue;
      }
      if (this.field || this.isNull) return; // the trailer (a field count of −1) and nothing after it
      const wanted = this.headBytes - this.head.length;
      const taken = chunk.subarray(at, at + wanted);
      this.head = Buffer.concat([this.head, taken]);
      at += taken.length;
      if (this.head.length < this.headBytes) return;
      this.readHead();
    }
  }

  /** The header (then its extension, then the first row's head) once its bytes are all in. */
  private readHead(): void {
    if (this.headBytes === HEADER_BYTES) {
      if (!this.head.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('COPY did not answer in its binary format');
      this.headBytes += this.head.readUInt32BE(SIGNATURE.length + 4) + FIELD_HEAD_BYTES;
      if (this.head.length < this.headBytes) return;
    }
    const fieldHead = this.head.subarray(this.headBytes - FIELD_HEAD_BYTES);
    const fields = fieldHead.readInt16BE(0);
    if (fields === -1) return void (this.isNull = true); // no row
    if (fields !== 1) throw new Error(`COPY gave ${fields} fields where one bytea was asked for`);
    this.rows = 1;
    const length = fieldHead.readInt32BE(2);
    if (length === -1) this.isNull = true;
    else this.field = Buffer.allocUnsafe(length);
  }

  value(): Buffer | null {
    if (this.rows === 0 || this.isNull) return null;
    if (!this.field || this.filled < this.field.length) throw new Error('COPY ended inside the value');
    return this.field;
  }
}

import type { Knex } from 'knex';
import { to as copyTo } from 'pg-copy-streams';

/** What COPY's binary format starts with: a signature, then 32-bit flags and a header extension's length. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;
/** A row's field count (16 bits) and its one field's length (32 bits; −1 is NULL). */
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
export async function copyBytea(trx: Knex.Transaction, select: string): Promise<Buffer | null> {
  // Inside a transaction knex hands out the transaction's one connection (and never releases it).
  const connection = await trx.client.acquireConnection();
  const stream = connection.query(copyTo(`COPY (${select}) TO STDOUT (FORMAT binary)`));
  const reader = new BinaryCopyReader();
  for await (const chunk of stream as AsyncIterable<Buffer>) reader.push(chunk);
  return reader.value();
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

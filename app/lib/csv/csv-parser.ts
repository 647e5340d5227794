/**
 * A streaming CSV reader (RFC 4180 plus what spreadsheet programs really
 * write). It takes text chunks of any size and yields one record at a time,
 * so a 50 MB upload never becomes one string:
 *
 * - quoted fields may hold the delimiter, line breaks and doubled quotes ("");
 * - CRLF, LF and a lone CR all end a record, also when CR and LF arrive in
 *   different chunks;
 * - the delimiter is comma, semicolon (German Excel) or tab, detected from the
 *   header line unless given;
 * - empty lines, and lines of nothing but delimiters (what Excel writes for an
 *   empty row), are skipped but still counted, so record numbers match the
 *   rows a spreadsheet shows when there are no line breaks inside fields.
 *
 * A quote still open at the end of the file is an error (CsvFormatError),
 * as are absurdly long fields and records with too many columns.
 *
 * Shared by the contact import (streamed from disk) and the bulk validation
 * of phone numbers (one string in memory). A byte-order mark is removed by
 * the decoder (text-decoding.ts, or the contact import's csv-file.server.ts);
 * one still at the start of the text is dropped here too.
 */
export const DELIMITERS = [",", ";", "\t"] as const;
export type Delimiter = (typeof DELIMITERS)[number];

export interface CsvRecord {
  /** 1-based number of the record in the file, empty lines included: the header is usually record 1. */
  number: number;
  cells: string[];
}

export interface CsvOptions {
  delimiter?: Delimiter;
  /** Longest field accepted; an unclosed quote would otherwise swallow the rest of the file into one string. */
  maxFieldLength?: number;
  /** Most cells in one record. */
  maxColumns?: number;
}

const MAX_FIELD_LENGTH = 100_000;
const MAX_COLUMNS = 200;

export type CsvProblem = "fieldTooLong" | "tooManyColumns" | "unclosedQuote";

/** The file is not a CSV this parser will read; `record` says where. */
export class CsvFormatError extends Error {
  constructor(
    readonly problem: CsvProblem,
    readonly record: number,
  ) {
    super(`CSV ${problem} at record ${record}`);
    this.name = "CsvFormatError";
  }
}

const QUOTE = 34;
const CR = 13;
const LF = 10;
const BOM = "\uFEFF";

/**
 * The delimiter that splits the first record into the most cells, counting
 * only outside quotes. A header with none of them is one column: comma.
 */
export function detectDelimiter(sample: string): Delimiter {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = sample.startsWith(BOM) ? 1 : 0; i < sample.length; i++) {
    const char = sample[i]!;
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best: Delimiter = ",";
  for (const delimiter of DELIMITERS) if (counts.get(delimiter)! > counts.get(best)!) best = delimiter;
  return best;
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === "");

/**
 * Parses text chunks into records. Without a delimiter in the options it is
 * detected from the text seen before the first line end.
 */
export async function* parseCsv(chunks: AsyncIterable<string> | Iterable<string>, options: CsvOptions = {}): AsyncGenerator<CsvRecord> {
  const maxField = options.maxFieldLength ?? MAX_FIELD_LENGTH;
  const maxColumns = options.maxColumns ?? MAX_COLUMNS;
  let delimiter = options.delimiter ? options.delimiter.charCodeAt(0) : -1;
  // Text held back until the first line end, to detect the delimiter on a whole header.
  let pendingHead = "";

  let cells: string[] = [];
  let field = "";
  let inQuotes = false;
  /** The field started with a quote (and it is closed now, or still open). */
  let quotedField = false;
  /** The previous chunk ended in a quote inside a quoted field: escaped "" or the closing quote, decided by the next character. */
  let quoteAtEnd = false;
  let crAtEnd = false;
  let recordNumber = 0;
  let first = true;
  const ready: CsvRecord[] = [];

  const endField = () => {
    if (field.length > maxField) throw new CsvFormatError("fieldTooLong", recordNumber + 1);
    cells.push(field);
    if (cells.length > maxColumns) throw new CsvFormatError("tooManyColumns", recordNumber + 1);
    field = "";
    quotedField = false;
  };
  const endRecord = () => {
    endField();
    recordNumber++;
    if (!isBlank(cells)) ready.push({ number: recordNumber, cells });
    cells = [];
  };

  const consume = (text: string) => {
    let i = 0;
    const length = text.length;
    if (crAtEnd) {
      crAtEnd = false;
      if (text.charCodeAt(0) === LF) i = 1;
    }
    if (quoteAtEnd) {
      quoteAtEnd = false;
      if (text.charCodeAt(i) === QUOTE) {
        field += '"';
        i++;
      } else inQuotes = false;
    }
    while (i < length) {
      if (inQuotes) {
        const close = text.indexOf('"', i);
        if (close === -1) {
          field += text.slice(i);
          if (field.length > maxField) throw new CsvFormatError("fieldTooLong", recordNumber + 1);
          return;
        }
        field += text.slice(i, close);
        if (close + 1 === length) {
          quoteAtEnd = true;
          return;
        }
        if (text.charCodeAt(close + 1) === QUOTE) {
          field += '"';
          i = close + 2;
        } else {
          inQuotes = false;
          i = close + 1;
        }
        continue;
      }
      const code = text.charCodeAt(i);
      if (code === delimiter) {
        endField();
        i++;
      } else if (code === LF) {
        endRecord();
        i++;
      } else if (code === CR) {
        endRecord();
        i++;
        if (i === length) crAtEnd = true;
        else if (text.charCodeAt(i) === LF) i++;
      } else if (code === QUOTE && field.length === 0 && !quotedField) {
        inQuotes = true;
        quotedField = true;
        i++;
      } else {
        // A plain run up to the next special character, copied at once.
        let end = i + 1;
        while (end < length) {
          const next = text.charCodeAt(end);
          if (next === delimiter || next === LF || next === CR || next === QUOTE) break;
          end++;
        }
        // A quote inside an unquoted field, or after a closed quoted one, is kept as text (lenient, as spreadsheet programs are).
        field += text.slice(i, end);
        i = end;
        if (field.length > maxField) throw new CsvFormatError("fieldTooLong", recordNumber + 1);
      }
    }
  };

  for await (const chunk of chunks) {
    let text = chunk;
    if (first) {
      if (text.length === 0) continue;
      first = false;
      if (text.startsWith(BOM)) text = text.slice(1);
    }
    if (delimiter === -1) {
      pendingHead += text;
      if (!/[\r\n]/.test(pendingHead)) continue;
      delimiter = detectDelimiter(pendingHead).charCodeAt(0);
      text = pendingHead;
      pendingHead = "";
    }
    consume(text);
    while (ready.length) yield ready.shift()!;
  }
  if (delimiter === -1) {
    delimiter = detectDelimiter(pendingHead).charCodeAt(0);
    consume(pendingHead);
  }
  if (quoteAtEnd) {
    quoteAtEnd = false;
    inQuotes = false;
  }
  // A quote still open at the end took every later line into one field: the file is broken, not one long value.
  if (inQuotes) throw new CsvFormatError("unclosedQuote", recordNumber + 1);
  // The last record needs no line end; a file that ends in one has nothing left here.
  if (field.length > 0 || cells.length > 0 || quotedField) endRecord();
  while (ready.length) yield ready.shift()!;
}

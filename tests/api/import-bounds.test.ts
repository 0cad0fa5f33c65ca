import { crc32, createDeflateRaw } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '../../server/lib/bulk/read-table.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

/**
 * Issue #41: an import counts rows while it reads (CSV and XLSX streamed) and stops at the limit at once: a file of
 * a million rows is refused in under 2 s, the process grows by less than 100 MB, and /api/health answers meanwhile.
 */
const ROWS = 1_000_000;
let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
}, 180_000);
afterAll(async () => t.close());

/** The rows `key;name` of a generated CSV, built in pieces (no million-element array). */
function bigCsv(rows: number): Buffer {
  const pieces: Buffer[] = [Buffer.from('key;name\n')];
  for (let start = 0; start < rows; start += 50_000) {
    let text = '';
    for (let index = start; index < Math.min(rows, start + 50_000); index++) text += `P${index};Werk ${index}\n`;
    pieces.push(Buffer.from(text));
  }
  return Buffer.concat(pieces);
}

interface Part {
  name: string;
  data: Buffer;
  size: number;
  crc: number;
  method: 0 | 8;
}

/** A minimal zip (XLSX container) of the given parts, in the given order. */
function zip(parts: Part[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(part.method, 8);
    header.writeUInt32LE(part.crc, 14);
    header.writeUInt32LE(part.data.length, 18);
    header.writeUInt32LE(part.size, 22);
    header.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(part.method, 10);
    entry.writeUInt32LE(part.crc, 16);
    entry.writeUInt32LE(part.data.length, 20);
    entry.writeUInt32LE(part.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    local.push(header, name, part.data);
    central.push(entry, name);
    offset += header.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

const stored = (name: string, text: string): Part => {
  const data = Buffer.from(text);
  return { name, data, size: data.length, crc: crc32(data), method: 0 };
};

/** A workbook whose one sheet has `rows` rows (number, inline text), deflated as it is generated. */
async function bigXlsx(rows: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 1 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const finished = new Promise((resolve) => deflate.on('end', resolve));
  let size = 0;
  let crc = 0;
  const write = (text: string) => {
    const bytes = Buffer.from(text);
    size += bytes.length;
    crc = crc32(bytes, crc);
    deflate.write(bytes);
  };
  write('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>');
  write('<row r="1"><c r="A1" t="inlineStr"><is><t>key</t></is></c><c r="B1" t="inlineStr"><is><t>name</t></is></c></row>');
  for (let start = 2; start <= rows + 1; start += 20_000) {
    let text = '';
    for (let r = start; r < Math.min(rows + 2, start + 20_000); r++) text += `<row r="${r}"><c r="A${r}"><v>${r}</v></c><c r="B${r}" t="inlineStr"><is><t>W${r}</t></is></c></row>`;
    write(text);
  }
  write('</sheetData></worksheet>');
  deflate.end();
  await finished;
  const sheet: Part = { name: 'xl/worksheets/sheet1.xml', data: Buffer.concat(compressed), size, crc, method: 8 };
  const main = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  // The sheet first, as some writers order it: the reader must not unpack it all before the rest.
  return zip([
    stored('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>'),
    sheet,
    stored('_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${main}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    stored('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${main}"><sheets><sheet name="Werke" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    stored('xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${main}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
  ]);
}

/** Sends the file to the preview and, meanwhile, asks /api/health every 25 ms: the answer, the time, RSS and health. */
async function refuseWhileHealthy(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  // The multipart body is encoded before the measuring starts: the growth is the server's, not the client's encoding
  // (in-process, its copies counted too and pushed a busy CI machine over the bound), with its length declared as a
  // browser declares it.
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type')!;
  const body = new Uint8Array(await encoded.arrayBuffer());
  global.gc?.();
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
  const healthMs: number[] = [];
  let done = false;
  const began = performance.now();
  const importing = Promise.resolve(t.app.request('http://localhost/api/bulk/plants/import/preview', { method: 'POST', headers: { cookie: admin, 'content-type': contentType, 'content-length': String(body.length) }, body })).finally(() => (done = true));
  const probing = (async () => {
    while (!done) {
      const asked = performance.now();
      const health = await t.app.request('http://localhost/api/health');
      healthMs.push(performance.now() - asked);
      expect(health.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const response = await importing;
  const ms = performance.now() - began;
  await probing;
  clearInterval(sampler);
  const growthMb = (peakRss - startRss) / 1024 / 1024;
  const worstHealthMs = Math.max(0, ...healthMs);
  console.info(
    `${name}: ${(bytes.length / 1024 / 1024).toFixed(1)} MB, ${ROWS.toLocaleString('en')} rows → ${response.status} in ${Math.round(ms)} ms; ` +
      `peak RSS growth ${growthMb.toFixed(0)} MB; /api/health ${healthMs.length}× asked, worst ${Math.round(worstHealthMs)} ms`,
  );
  return { response, ms, growthMb, worstHealthMs, probes: healthMs.length };
}

describe('a file of a million rows', () => {
  it('CSV: refused (413, the row limit) in < 2 s, RSS growth < 100 MB, /api/health < 500 ms meanwhile', async () => {
    const csv = bigCsv(ROWS);
    const { response, ms, growthMb, worstHealthMs, probes } = await refuseWhileHealthy(csv, 'million.csv');
    const [message] = await expectErrorShape(response, 413);
    expect(message.key).toBe('BULK.Import.TooManyRows');
    expect(message.text).toContain(String(IMPORT_MAX_ROWS));
    expect(ms).toBeLessThan(2000);
    expect(growthMb).toBeLessThan(100);
    expect(probes).toBeGreaterThan(0);
    expect(worstHealthMs).toBeLessThan(500);
  }, 60_000);

  it('XLSX (sheet stored before the workbook parts): refused (413) in < 2 s, RSS growth < 100 MB, /api/health < 500 ms meanwhile', async () => {
    const xlsx = await bigXlsx(ROWS);
    const { response, ms, growthMb, worstHealthMs, probes } = await refuseWhileHealthy(xlsx, 'million.xlsx');
    const [message] = await expectErrorShape(response, 413);
    expect(message.key).toBe('BULK.Import.TooManyRows');
    expect(ms).toBeLessThan(2000);
    expect(growthMb).toBeLessThan(100);
    expect(probes).toBeGreaterThan(0);
    expect(worstHealthMs).toBeLessThan(500);
  }, 60_000);

  it('the same generated workbook with a few rows reads as before (streamed, out-of-order parts)', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await bigXlsx(3))]), 'three.xlsx');
    const response = await t.app.request('http://localhost/api/bulk/plants/import/preview', { method: 'POST', headers: { cookie: admin }, body: form });
    const body = await response.json();
    // Three data rows reached the preview (the plants' own rules judge them).
    expect(body.rows ?? body.messages, JSON.stringify(body).slice(0, 300)).toBeDefined();
    if (response.status === 200) expect(body.rows).toHaveLength(3);
    else expect(response.status).toBe(422);
  }, 60_000);

  it('a truncated or foreign zip is 422 (unreadable), never a 500', async () => {
    const xlsx = await bigXlsx(10);
    for (const bytes of [xlsx.subarray(0, xlsx.length - 30), Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)])]) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), 'broken.xlsx');
      const response = await t.app.request('http://localhost/api/bulk/plants/import/preview', { method: 'POST', headers: { cookie: admin }, body: form });
      expect((await expectErrorShape(response, 422))[0].key).toBe('BULK.Import.Unreadable');
    }
  });
});

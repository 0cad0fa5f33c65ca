/**
 * An allow-list HTML sanitizer for the tenant information text: p, br, strong, em, ul, ol, li, h3, h4
 * and a[href] with http(s) or mailto links. Everything else is dropped (script-like elements with their
 * content), all other attributes go, text is escaped, and the result is balanced.
 */

const ALLOWED = new Set(['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'h3', 'h4']);
const VOID = new Set(['br']);
// Elements whose content is code or markup that must never show as text.
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'object', 'noscript', 'noembed', 'noframes', 'template',
  'textarea', 'title', 'xmp', 'plaintext', 'svg', 'math', 'head', 'select', 'frameset',
]);
const SAFE_URL = /^(https?:\/\/|mailto:)/i;
const ENTITY = /^&(?:[a-z][a-z0-9]{1,31}|#\d{1,7}|#x[0-9a-f]{1,6});/i;
const TAG_HEAD = /<(\/?)([a-z][^\s/>]*)/iy;
const ATTRIBUTE_NAME = /[^\s"'>/=]+/y;
const UNQUOTED_VALUE = /[^\s>]*/y;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', sol: '/', tab: '\t', newline: '\n', period: '.' };

function escapeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '&') {
      // Well-formed character references are text already; a bare & is escaped.
      const entity = ENTITY.exec(text.slice(i, i + 40));
      out += entity ? entity[0] : '&amp;';
      if (entity) i += entity[0].length - 1;
    } else if (char === '<') out += '&lt;';
    else if (char === '>') out += '&gt;';
    else out += char;
  }
  return out;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Decodes character references the way a browser would before the URL is used (for the scheme check). */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (match, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED[body.toLowerCase()] ?? match;
  });
}

/** The link target when it is an absolute http(s) or mailto URL, else null. */
export function safeHref(raw: string): string | null {
  // URL parsers ignore leading/trailing controls and spaces and tabs or newlines anywhere.
  const value = decodeEntities(raw).replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return SAFE_URL.test(value) ? value : null;
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: Map<string, string>;
  end: number;
}

/** Reads a tag starting at `start` (a `<` followed by a letter or `/letter`); null when it never ends. */
function readTag(html: string, start: number): Tag | null {
  TAG_HEAD.lastIndex = start;
  const head = TAG_HEAD.exec(html);
  if (!head) return null;
  const tag: Tag = { name: head[2].toLowerCase(), closing: head[1] === '/', attributes: new Map(), end: -1 };
  let i = start + head[0].length;
  while (i < html.length) {
    const char = html[i];
    if (char === '>') {
      tag.end = i + 1;
      return tag;
    }
    if (/[\s/]/.test(char)) {
      i++;
      continue;
    }
    ATTRIBUTE_NAME.lastIndex = i;
    const name = ATTRIBUTE_NAME.exec(html)?.[0] ?? char;
    i += name.length;
    while (i < html.length && /\s/.test(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < html.length && /\s/.test(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close < 0) return null;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        UNQUOTED_VALUE.lastIndex = i;
        value = UNQUOTED_VALUE.exec(html)![0];
        i += value.length;
      }
    }
    const key = name.toLowerCase();
    if (!tag.attributes.has(key)) tag.attributes.set(key, value);
  }
  return null;
}

function openTag(tag: Tag): string {
  if (tag.name !== 'a') return `<${tag.name}>`;
  const href = safeHref(tag.attributes.get('href') ?? '');
  return href ? `<a href="${escapeAttribute(href)}" rel="noopener noreferrer" target="_blank">` : '<a>';
}

export function sanitizeHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out += escapeText(html.slice(i));
      break;
    }
    out += escapeText(html.slice(i, lt));
    const next = html[lt + 1] ?? '';
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    if (next === '!' || next === '?' || (next === '/' && !/[a-z]/i.test(html[lt + 2] ?? ''))) {
      // Doctype, processing instruction or bogus comment: skipped up to the next >.
      const close = html.indexOf('>', lt);
      i = close < 0 ? html.length : close + 1;
      continue;
    }
    const tag = /[a-z/]/i.test(next) ? readTag(html, lt) : null;
    if (!tag) {
      // A lone < (or a tag that never closes) is text; the rest cannot become markup.
      out += '&lt;';
      i = lt + 1;
      if (/[a-z/]/i.test(next)) {
        out += escapeText(html.slice(i));
        break;
      }
      continue;
    }
    i = tag.end;
    if (!tag.closing && DROP_WITH_CONTENT.has(tag.name)) {
      // Names in DROP_WITH_CONTENT are plain words, safe inside a pattern.
      const closing = new RegExp(`</${tag.name}`, 'gi');
      closing.lastIndex = i;
      const close = closing.exec(html)?.index ?? -1;
      const end = close < 0 ? -1 : html.indexOf('>', close);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    if (!ALLOWED.has(tag.name)) continue;
    if (!tag.closing) {
      out += openTag(tag);
      if (!VOID.has(tag.name)) open.push(tag.name);
    } else if (open.includes(tag.name)) {
      // Closing an outer element closes the ones still open inside it.
      while (open.length) {
        const name = open.pop()!;
        out += `</${name}>`;
        if (name === tag.name) break;
      }
    }
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

import { describe, expect, it } from 'vitest';
import { safeHref, sanitizeHtml } from '../../src/domain/sanitizeHtml';

describe('sanitizeHtml keeps the allowed markup', () => {
  it('passes the tenant texts of the demo unchanged', () => {
    const html = '<p><strong>Nordstein Porenbeton</strong> – Ihr Partner für Porenbeton-Wandelemente und Stürze.</p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps every allowed element and normalises tag case', () => {
    const html = '<H3>Title</H3><h4>Sub</h4><p>a<br>b<br/>c</p><ul><li>one</li></ul><ol><li><em>two</em></li></ol>';
    expect(sanitizeHtml(html)).toBe('<h3>Title</h3><h4>Sub</h4><p>a<br>b<br>c</p><ul><li>one</li></ul><ol><li><em>two</em></li></ol>');
  });

  it('keeps http(s) and mailto links, with rel noopener and a new tab', () => {
    expect(sanitizeHtml('<a href="https://www.nordstein.example/?a=1&amp;b=2">Home</a>')).toBe(
      '<a href="https://www.nordstein.example/?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">Home</a>',
    );
    expect(sanitizeHtml("<a href='mailto:info@ns.example' title=x>Mail</a>")).toBe('<a href="mailto:info@ns.example" rel="noopener noreferrer" target="_blank">Mail</a>');
    expect(sanitizeHtml('<a href=http://x.example>x</a>')).toBe('<a href="http://x.example" rel="noopener noreferrer" target="_blank">x</a>');
  });

  it('escapes text and keeps well-formed character references', () => {
    expect(sanitizeHtml('5 > 3 & 2 < 4 &amp; &lt;b&gt; &#169; &#x263A; &copy;')).toBe('5 &gt; 3 &amp; 2 &lt; 4 &amp; &lt;b&gt; &#169; &#x263A; &copy;');
    expect(sanitizeHtml('Tom "&" Jerry')).toBe('Tom "&amp;" Jerry');
  });

  it('balances what it keeps', () => {
    expect(sanitizeHtml('<p><strong>open')).toBe('<p><strong>open</strong></p>');
    expect(sanitizeHtml('<ul><li>a</ul>')).toBe('<ul><li>a</li></ul>');
    expect(sanitizeHtml('</p>stray</em>')).toBe('stray');
    expect(sanitizeHtml('a</br>b')).toBe('ab');
  });

  it('keeps the text of elements it drops', () => {
    expect(sanitizeHtml('<div class="x"><span>Hello</span> <b>world</b></div>')).toBe('Hello world');
    expect(sanitizeHtml('<table><tr><td>cell</td></tr></table>')).toBe('cell');
  });
});

describe('sanitizeHtml against XSS', () => {
  const payloads: [string, string][] = [
    ['<script>alert(1)</script>ok', 'ok'],
    ['<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok', 'ok'],
    ['<script>document.write("</p>")</script  >ok', 'ok'],
    ['<script>never closed', ''],
    ['<style>body{display:none}</style>ok', 'ok'],
    ['<img src=x onerror=alert(1)>ok', 'ok'],
    ['<p onclick="alert(1)" style="color:red" class="x">ok</p>', '<p>ok</p>'],
    ['<svg onload=alert(1)><script>alert(2)</script></svg>ok', 'ok'],
    ['<math><mtext><table><mglyph><style><img src onerror=alert(1)>', ''],
    ['<iframe src="javascript:alert(1)"></iframe>ok', 'ok'],
    ['<object data="x.swf"></object><embed src="x.swf">ok', 'ok'],
    ['<!--<script>alert(1)</script>-->ok', 'ok'],
    ['<!--unterminated <script>alert(1)</script>', ''],
    ['<![CDATA[<script>alert(1)</script>]]>ok', 'alert(1)]]&gt;ok'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<<script>alert(1)</script>', '&lt;'],
    ['<a href="x" onmouseover="alert(1)', '&lt;a href="x" onmouseover="alert(1)'],
    ['<p title="a>b" onclick=alert(1)>ok</p>', '<p>ok</p>'],
    ['<form action="https://evil.example"><input name=x><button>Go</button></form>', 'Go'],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">ok', 'ok'],
    ['<base href="https://evil.example/">ok', 'ok'],
    ['<textarea><script>alert(1)</script></textarea>ok', 'ok'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', '"&gt;'],
    ['<?xml version="1.0"?>ok', 'ok'],
    ['</ 0><script>alert(1)</script>ok', 'ok'],
  ];
  it.each(payloads)('%s', (payload, expected) => {
    const clean = sanitizeHtml(payload);
    expect(clean).toBe(expected);
    expect(clean).not.toMatch(/<(?!\/?(p|br|strong|em|ul|ol|li|a|h3|h4)\b)/i);
    expect(clean).not.toMatch(/<[a-z][^>]*\son\w+\s*=/i);
  });

  const badLinks = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java&#x09;script:alert(1)',
    'jav&#x61;script:alert(1)',
    'jav&#97;script:alert(1)',
    '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
    'javascript&colon;alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    '/relative/path',
    '//evil.example',
    'http:evil',
    'https://x.example/\u0001a',
  ];
  it.each(badLinks)('drops the link target %s', (href) => {
    expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    expect(safeHref(href)).toBeNull();
  });

  it('checks the decoded link, and writes exactly what it checked', () => {
    expect(safeHref('&#104;ttps://x.example')).toBe('https://x.example');
    expect(sanitizeHtml('<a href="https://x.example/?q=&quot;><script>">x</a>')).toBe(
      '<a href="https://x.example/?q=&quot;&gt;&lt;script&gt;" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });

  it('copes with large and odd input without throwing', () => {
    const big = '<p>'.repeat(5000) + 'x' + '<a href='.repeat(2000);
    expect(() => sanitizeHtml(big)).not.toThrow();
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml('<')).toBe('&lt;');
    expect(sanitizeHtml('İ<script>x</script>ok')).toBe('İok');
  });
});

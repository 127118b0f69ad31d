const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+[0-9]*);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return ENTITIES[lower] ?? whole;
  });
}

const stripTags = (html: string): string => html.replace(/<[^>]*>/g, '');

/** A readable plain-text fallback of an e-mail's HTML: paragraphs, line breaks, list bullets, links as "text (url)". */
export function htmlToText(html: string): string {
  let s = html.replace(/\r\n?/g, '\n');
  s = s.replace(/<(script|style|head|title)\b[\s\S]*?<\/\1\s*>/gi, '');
  s = s.replace(/<!--[\s\S]*?-->/g, '');
  s = s.replace(/\s+/g, ' ');
  s = s.replace(
    /<a\b[^>]*?href\s*=\s*(["'])(.*?)\1[^>]*>([\s\S]*?)<\/a\s*>/gi,
    (_m, _q, href: string, label: string) => {
      const text = stripTags(label).trim();
      const url = decodeEntities(href.trim());
      if (!text || decodeEntities(text) === url || url.startsWith('mailto:')) return text || url;
      return `${text} (${url})`;
    },
  );
  s = s.replace(/<br\s*\/?>/gi, '\n');
  s = s.replace(/<li\b[^>]*>/gi, '\n- ');
  s = s.replace(/<\/(p|div|h[1-6]|ul|ol|table|tr|blockquote|section|article|header|footer)\s*>/gi, '\n\n');
  s = s.replace(/<(p|div|h[1-6]|ul|ol|table|tr|blockquote|section|article|header|footer|hr)\b[^>]*>/gi, '\n\n');
  s = decodeEntities(stripTags(s));
  return s
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

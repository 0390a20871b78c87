// Text from rules data as Markdown *text*: names, rule texts and keywords come from files downloaded from the
// internet, and hover, completion documentation and `auspex:` pages render Markdown. Every character that
// could open a link, an image, an HTML tag, emphasis or code is backslash-escaped (CommonMark renders an
// escaped ASCII punctuation character as itself), and line-start markers (headings, lists, quotes) are
// escaped too, so data can neither become a `command:` link nor raw HTML. Plain words render unchanged.

const INLINE = /[\\`*_[\]()<>&!|~]/g;
const LINE_START = /^([ \t]*)([#>+=-]|\d+[.)])/gm;

/** One-line data text (a name, a keyword) as Markdown text. */
export function md(s: string | number | undefined | null): string {
  return String(s ?? '').replace(INLINE, '\\$&').replace(LINE_START, (_m, ws: string, mark: string) => `${ws}${mark.replace(/[#>+=.)-]/, '\\$&')}`);
}

/** Multi-line data text (a rule, an effect): escaped as md, its single line breaks kept as hard breaks. */
export function mdBlock(s: string | undefined | null): string {
  return md(s).replace(/\r\n?/g, '\n').replace(/([^\n])\n(?=[^\n])/g, '$1  \n');
}

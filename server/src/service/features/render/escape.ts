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

/**
 * Text for an editor's notification (VS Code renders `[label](command:…)`, `(https:…)` and `(file:…)` in a message
 * as a live link, with no escape for it): a zero-width space after each "]" that a "(" follows keeps the text as
 * written and makes no link. For every message whose text comes from a list, the rules data or a setting.
 */
export function noLinks(s: string | number | undefined | null): string {
  return String(s ?? '').replace(/\](?=\()/g, ']\u200b');
}

/** Text for a label that renders `$(name)` as an icon (quick pick items, the status bar): each `$(` escaped. */
export function noIcons(s: string | number | undefined | null): string {
  return String(s ?? '').replace(/\$\(/g, '\\$(');
}

// The formats `auspex convert` writes, in a module that imports nothing: the VS Code client's quick pick reads it too.

export const CONVERT_FORMATS = ['app', 'app-v2', 'nr-gw', 'nr-wtc', 'nr-tournament', 'warorgan', 'compact'] as const;
export type ConvertFormat = (typeof CONVERT_FORMATS)[number];

/** One line per format, for the CLI's help and the editor's quick pick. */
export const FORMAT_DESCRIPTIONS: Record<ConvertFormat, string> = {
  app: 'official app export, "(N Points)" layout (every item bulleted)',
  'app-v2': 'official app export, "(N points)" layout (continuation lines)',
  'nr-gw': 'New Recruit, GW format',
  'nr-wtc': 'New Recruit, WTC format',
  'nr-tournament': 'New Recruit, tournament (WTC-compact) format',
  warorgan: "War Organ's export",
  compact: 'compact text for chat: one line per unit',
};

export function isConvertFormat(s: string): s is ConvertFormat {
  return (CONVERT_FORMATS as readonly string[]).includes(s);
}

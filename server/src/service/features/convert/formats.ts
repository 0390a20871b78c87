// The formats `auspex convert` writes, in a module that imports nothing: the VS Code client's quick pick reads it too.

export const CONVERT_FORMATS = ['app', 'app-v2', 'nr-gw', 'nr-tournament', 'warorgan', 'compact'] as const;
export type ConvertFormat = (typeof CONVERT_FORMATS)[number];

/** One line per format, for the CLI's help and the editor's quick pick. */
export const FORMAT_DESCRIPTIONS: Record<ConvertFormat, string> = {
  app: 'official app export (the layout Format Document writes)',
  'app-v2': 'official app v2 export, as the 11th-edition app writes it',
  'nr-gw': 'New Recruit, GW format',
  'nr-tournament': 'New Recruit, tournament (WTC) format',
  warorgan: "War Organ's export",
  compact: 'compact text for chat: one line per unit',
};

export function isConvertFormat(s: string): s is ConvertFormat {
  return (CONVERT_FORMATS as readonly string[]).includes(s);
}

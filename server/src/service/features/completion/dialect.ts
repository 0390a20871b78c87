// The list's own spelling of points and enhancements, which completion and code actions imitate.
/** The list's own spelling: "(85 Points)" + "Enhancements:" (app dialect A) or "(85 points)" + "Enhancement:" (dialect B). */
export interface Dialect {
  points: 'points' | 'Points';
  enhancement: 'Enhancement' | 'Enhancements';
}

export function dialectOf(text: string): Dialect {
  const cap = /\(\d[\d,]* Points\)/.test(text);
  const low = /\(\d[\d,]* points\)/.test(text);
  const points = cap && !low ? 'Points' : 'points';
  const enhancement = /Enhancements:/.test(text) ? 'Enhancements' : /Enhancement:/.test(text) ? 'Enhancement' : points === 'Points' ? 'Enhancements' : 'Enhancement';
  return { points, enhancement };
}

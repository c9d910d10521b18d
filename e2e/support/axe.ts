/** The rules every axe check runs: WCAG 2.0, 2.1 and 2.2, levels A and AA (the accessibility statement names these). */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

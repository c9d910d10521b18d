import { randomInt } from 'node:crypto';
import { isLuhnValid } from '../../shared/organisations';

/** A random SIRET that passes the Luhn check (never La Poste's SIREN), for factories, tests and e2e journeys. */
export function randomSiret(): string {
  for (;;) {
    const body = Array.from({ length: 13 }, () => randomInt(10)).join('');
    if (body.startsWith('356000000') || body.startsWith('0000')) continue;
    for (let check = 0; check < 10; check++) if (isLuhnValid(`${body}${check}`)) return `${body}${check}`;
  }
}

import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { icsParameterText, interviewInvitation } from './interview-invitation';

/** The ATTENDEE line of an .ics text, lines unfolded. */
function attendeeLine(ics: string): string {
  return /^ATTENDEE.*$/m.exec(ics.replace(/\r?\n[ \t]/g, ''))![0];
}

describe('the interview invitation (.ics)', () => {
  it('escapes the attendee name as RFC 6868 says, so no name can break the line (audit, issue 25)', async () => {
    const attachment = await interviewInvitation(
      testConfig({ publicUrl: 'https://formation.exemple.fr' }),
      { meetingId: 7, date: '2031-01-06T09:30:00.000Z', sequence: 0, attendee: { name: 'Jean "Le Vert" ^Dupont', email: 'jean@exemple.fr' } },
      'REQUEST',
    );
    const line = attendeeLine(String(attachment.content));
    expect(line).toContain(`CN="Jean ^'Le Vert^' ^^Dupont":mailto:jean@exemple.fr`);
    expect(line).not.toContain('\\"');
  });

  it('leaves an ordinary name as it is', () => {
    expect(icsParameterText('Amélie Poulain')).toBe('Amélie Poulain');
    expect(icsParameterText('a\nb')).toBe('a^nb');
  });
});

import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InterviewCard } from './InterviewCard';

const at = '2030-06-03T08:00:00.000Z'; // 10:00 in Paris
const url = 'https://meet.jit.si/EcoForma-5-1-abc';

/** Freezes the clock only (the card's 30 s tick keeps real timers). */
function nowIs(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

afterEach(() => vi.useRealTimers());

describe('InterviewCard: the button and its note follow the room window', () => {
  it('before the room opens: button disabled, the note says when it opens', () => {
    nowIs('2030-06-03T07:44:00.000Z');
    render(<InterviewCard meetingDate={at} meetingUrl={null} />);
    expect(screen.getByRole('heading', { name: "Entretien avec l'administrateur" })).toBeInTheDocument();
    expect(screen.getByText('Commence dans 0h 16m')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Rejoindre quand prêt' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription("Le lien sera actif le lundi 3 juin 2030 à 09:45, 15 minutes avant l'entretien.");
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('from 15 minutes before: the link opens the room and the note says it is open', () => {
    nowIs('2030-06-03T07:46:00.000Z');
    render(<InterviewCard meetingDate={at} meetingUrl={url} />);
    const link = screen.getByRole('link', { name: 'Rejoindre quand prêt' });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAccessibleDescription('La salle est ouverte\u00a0: vous pouvez la rejoindre dès maintenant.');
  });

  it('once the window has begun without the address, asks the page for it and keeps the button disabled', () => {
    nowIs('2030-06-03T07:50:00.000Z');
    const onRoomOpen = vi.fn();
    render(<InterviewCard meetingDate={at} meetingUrl={null} onRoomOpen={onRoomOpen} />);
    expect(onRoomOpen).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Rejoindre quand prêt' })).toBeDisabled();
    expect(screen.getByText('La salle ouvre : récupération du lien en cours…')).toBeInTheDocument();
  });

  it('does not ask for the address before the window', () => {
    nowIs('2030-06-03T07:00:00.000Z');
    const onRoomOpen = vi.fn();
    render(<InterviewCard meetingDate={at} meetingUrl={null} onRoomOpen={onRoomOpen} />);
    expect(onRoomOpen).not.toHaveBeenCalled();
  });

  it('at the time: the interview is active and "Rejoindre maintenant" opens the room', () => {
    nowIs('2030-06-03T08:30:00.000Z');
    render(<InterviewCard meetingDate={at} meetingUrl={url} />);
    expect(screen.getByRole('heading', { name: 'Votre entretien est maintenant actif' })).toBeInTheDocument();
    expect(screen.getByText("L'entretien est actif. Rejoignez dès maintenant.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rejoindre maintenant' })).toHaveAttribute('href', url);
  });

  it('once the room has closed: the interview is over and nothing can be joined', () => {
    nowIs('2030-06-03T10:01:00.000Z');
    render(<InterviewCard meetingDate={at} meetingUrl={null} />);
    expect(screen.getByRole('heading', { name: 'Entretien terminé' })).toBeInTheDocument();
    expect(screen.getByText('Cet entretien est terminé et sa salle est fermée.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

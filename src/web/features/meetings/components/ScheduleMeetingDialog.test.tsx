import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultMeetingSlot, ScheduleMeetingDialog, toMeetingIso } from './ScheduleMeetingDialog';

describe('meeting slot', () => {
  it('defaults to tomorrow at the current time', () => {
    expect(defaultMeetingSlot(new Date(2026, 2, 31, 9, 5))).toEqual({ date: '2026-04-01', time: '09:05' });
    expect(defaultMeetingSlot(new Date(2026, 11, 31, 23, 59))).toEqual({ date: '2027-01-01', time: '23:59' });
  });

  it('needs both a date and a time', () => {
    expect(toMeetingIso('2026-04-01', '')).toBeNull();
    expect(toMeetingIso('', '09:05')).toBeNull();
    expect(toMeetingIso('2026-04-01', '09:05')).toBe(new Date(2026, 3, 1, 9, 5).toISOString());
  });
});

describe('ScheduleMeetingDialog', () => {
  it('proposes tomorrow at the current time and sends the chosen instant', async () => {
    const onSchedule = vi.fn();
    render(<ScheduleMeetingDialog open name="Lucie Martin" pending={false} onClose={() => {}} onSchedule={onSchedule} />);
    const slot = defaultMeetingSlot();
    expect(screen.getByRole('heading', { name: 'Planifier une réunion avec Lucie Martin' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Date/)).toHaveValue(slot.date);
    fireEvent.change(screen.getByLabelText(/Heure/), { target: { value: '10:30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Planifier' }));
    expect(onSchedule).toHaveBeenCalledWith(new Date(`${slot.date}T10:30`).toISOString());
  });

  it('does nothing without a date or without a time', async () => {
    const onSchedule = vi.fn();
    render(<ScheduleMeetingDialog open name="Lucie Martin" pending={false} onClose={() => {}} onSchedule={onSchedule} />);
    fireEvent.change(screen.getByLabelText(/Date/), { target: { value: '' } });
    expect(screen.getByRole('button', { name: 'Planifier' })).toBeDisabled();
    fireEvent.submit(screen.getByRole('button', { name: 'Planifier' }).closest('form')!);
    fireEvent.change(screen.getByLabelText(/Date/), { target: { value: '2030-01-01' } });
    fireEvent.change(screen.getByLabelText(/Heure/), { target: { value: '' } });
    expect(screen.getByRole('button', { name: 'Planifier' })).toBeDisabled();
    fireEvent.submit(screen.getByRole('button', { name: 'Planifier' }).closest('form')!);
    expect(onSchedule).not.toHaveBeenCalled();
  });

  it('moves an interview to come: says when it is, proposes that slot, confirms with "Déplacer"', async () => {
    const onSchedule = vi.fn();
    const current = new Date(2099, 5, 3, 10, 0);
    render(<ScheduleMeetingDialog open name="Lucie Martin" current={current.toISOString()} pending={false} onClose={() => {}} onSchedule={onSchedule} />);
    expect(screen.getByRole('heading', { name: 'Déplacer la réunion avec Lucie Martin' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Date/)).toHaveValue('2099-06-03');
    expect(screen.getByLabelText(/Heure/)).toHaveValue('10:00');
    fireEvent.change(screen.getByLabelText(/Heure/), { target: { value: '11:15' } });
    await userEvent.click(screen.getByRole('button', { name: 'Déplacer' }));
    expect(onSchedule).toHaveBeenCalledWith(new Date(2099, 5, 3, 11, 15).toISOString());
  });

  it('removes an interview to come after a confirmation that says the user is told', async () => {
    const onRemove = vi.fn();
    const current = new Date(2099, 5, 3, 10, 0);
    render(<ScheduleMeetingDialog open name="Lucie Martin" current={current.toISOString()} pending={false} onClose={() => {}} onSchedule={() => {}} onRemove={onRemove} />);
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer la réunion' }));
    expect(screen.getByRole('heading', { name: /^Supprimer la réunion avec Lucie Martin.\?$/ })).toBeInTheDocument();
    expect(screen.getByText(/Lucie Martin en sera informé par une notification, avec l'annulation pour son agenda\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retour' }));
    expect(screen.getByRole('heading', { name: 'Déplacer la réunion avec Lucie Martin' })).toBeInTheDocument();
    expect(onRemove).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer la réunion' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer la suppression' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('offers no removal for a new interview', () => {
    render(<ScheduleMeetingDialog open name="Lucie Martin" pending={false} onClose={() => {}} onSchedule={() => {}} onRemove={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Supprimer la réunion' })).not.toBeInTheDocument();
  });

  it('schedules a new one when the given interview is over', () => {
    render(<ScheduleMeetingDialog open name="Lucie Martin" current="2020-01-01T09:00:00.000Z" pending={false} onClose={() => {}} onSchedule={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Planifier une réunion avec Lucie Martin' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Date/)).toHaveValue(defaultMeetingSlot().date);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BpfReport } from '../../../../shared/bpf';
import { useSession } from '../../../lib/session';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { sessionUser, signInAs } from '../../../test/session';
import AdminBpfPage from './AdminBpfPage';

beforeEach(() => useSession.getState().clear());
afterEach(() => vi.unstubAllGlobals());

const total = (count: number, hours: number) => ({ key: 'total', code: 'F', label: 'Total', count, hours });
const report = (year: number): BpfReport => ({
  year,
  frames: {
    c: [
      { key: 'c1', code: '1', label: 'Produits provenant des entreprises pour la formation de leurs salariés', amount_cents: 123_450 },
      { key: 'total', code: '12', label: 'Total des produits réalisés au titre de la formation professionnelle', amount_cents: 123_450 },
    ],
    e: [{ key: 'internal', code: 'E 1', label: 'Personnes de votre organisme dispensant des heures de formation', count: 1, hours: 3 }, total(1, 3)],
    f1: [{ key: 'private_employee', code: 'F-1 a', label: 'Salariés d’employeurs privés hors apprentis', count: 2, hours: 4.5 }, total(2, 4.5)],
    f3: [{ key: 'other', code: 'F-3 d', label: 'Autres formations professionnelles', count: 2, hours: 4.5 }, total(2, 4.5)],
    f4: [{ key: '343', code: '343', label: 'Nettoyage, assainissement, protection de l’environnement', count: 2, hours: 4.5 }, total(2, 4.5)],
  },
  anomalies: [{ kind: 'enrolment', id: 41, missing: ['Type de stagiaire (cadre F-1) non renseigné'], label: 'Bruno Petit — Composter', course_id: 7, trainee_type: null, funding_line: null }],
});

describe('AdminBpfPage (/admin/bpf)', () => {
  it('shows last year’s frames as tables and classifies an anomaly in place', async () => {
    const user = userEvent.setup({ delay: null });
    signInAs(sessionUser({ role: 'admin' }));
    const lastYear = new Date().getFullYear() - 1;
    const { calls } = mockApi({
      [`GET /api/admin/bpf/${lastYear}`]: { body: report(lastYear) },
      'PUT /api/admin/bpf/enrolments/41': { body: { enrolment_id: 41, trainee_type: 'job_seeker', funding_line: null } },
    });
    renderRoutes('/admin/bpf', { '/admin/bpf': <AdminBpfPage /> });
    const f1 = await screen.findByRole('table', { name: 'Cadre F-1 – Type de stagiaires de l’organisme' });
    expect(within(f1).getByRole('rowheader', { name: 'Salariés d’employeurs privés hors apprentis' })).toBeInTheDocument();
    expect(within(f1).getAllByText('4,5')).toHaveLength(2);
    expect(within(screen.getByRole('table', { name: /Cadre C/ })).getAllByText(/1\s234,50\s€/)).toHaveLength(2);
    expect(screen.getByRole('button', { name: `Télécharger le BPF ${lastYear} (CSV)` })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Inscription\s*:\s*Bruno Petit/ })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Type de stagiaire (F-1)' }));
    await user.click(screen.getByRole('option', { name: /Personnes en recherche d’emploi/ }));
    expect(await screen.findByText('Classement enregistré.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ trainee_type: 'job_seeker' });
  });

  it('says when the year has nothing left to classify', async () => {
    signInAs(sessionUser({ role: 'admin' }));
    const year = new Date().getFullYear();
    mockApi({ [`GET /api/admin/bpf/${year}`]: { body: { ...report(year), anomalies: [] } } });
    renderRoutes(`/admin/bpf?annee=${year}`, { '/admin/bpf': <AdminBpfPage /> });
    expect(await screen.findByText(/Aucune anomalie/)).toBeInTheDocument();
  });
});

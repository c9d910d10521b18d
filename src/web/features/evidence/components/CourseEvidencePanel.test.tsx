import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import { CourseEvidencePanel } from './CourseEvidencePanel';

afterEach(() => vi.unstubAllGlobals());

describe('CourseEvidencePanel', () => {
  it('asks for the course’s evidence file over the period chosen, and shows the server’s French refusal', async () => {
    const { calls } = mockApi({
      'GET /api/admin/courses/7/evidence.zip': {
        status: 422,
        body: { error_code: 'validation_failed', message: 'Certaines informations sont invalides.', errors: { to: ['La date de début doit précéder la date de fin.'] } },
      },
    });
    renderRoutes('/admin/courses/7', { '/admin/courses/:id': <CourseEvidencePanel courseId={7} /> });
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-05-02' } });
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-05-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Télécharger le dossier de preuves' }));
    expect(await screen.findByText('Certaines informations sont invalides.')).toBeInTheDocument();
    const call = calls.find((c) => c.url.pathname === '/api/admin/courses/7/evidence.zip')!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ from: '2026-05-02', to: '2026-05-01' });
  });
});

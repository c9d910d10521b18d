import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CertificateVerification } from '../../../../shared/certificates';
import { mockApi } from '../../../test/api';
import { renderRoutes } from '../../../test/render';
import VerificationPage, { verificationText } from './VerificationPage';

const CODE = 'AbCdEfGhIjKlMnOpQrStUv';
const routes = { '/certificats/:code': <VerificationPage /> };

afterEach(() => vi.unstubAllGlobals());

function answer(body: CertificateVerification) {
  return mockApi({ [`GET /api/certificates/${CODE}`]: { body } });
}

describe('VerificationPage', () => {
  it('says a valid attestation is valid, to whom, for which course and when, without signing in', async () => {
    const { calls } = answer({ valid: true, learner_name: 'Léa Durand', course_title: 'Énergie au bureau', issued_at: '2026-03-14T10:00:00.000Z' });
    renderRoutes(`/certificats/${CODE}`, routes);

    expect(await screen.findByRole('heading', { level: 2, name: verificationText.valid })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: verificationText.title })).toBeInTheDocument();
    expect(document.title).toBe(`${verificationText.title} – EcoForma`);
    expect(screen.getByText('Léa Durand')).toBeInTheDocument();
    expect(screen.getByText('Énergie au bureau')).toBeInTheDocument();
    expect(screen.getByText('14 mars 2026')).toBeInTheDocument();
    expect(screen.queryByText(verificationText.revoked)).not.toBeInTheDocument();
    expect(calls[0]!.url.pathname).toBe(`/api/certificates/${CODE}`);
  });

  it('says a revoked attestation is revoked, with the date and the reason', async () => {
    answer({
      valid: false,
      learner_name: 'Léa Durand',
      course_title: 'Énergie au bureau',
      issued_at: '2026-03-14T10:00:00.000Z',
      revoked: { at: '2026-04-02T08:00:00.000Z', reason: 'Quiz passé par une autre personne.' },
    });
    renderRoutes(`/certificats/${CODE}`, routes);

    expect(await screen.findByRole('heading', { level: 2, name: verificationText.revoked })).toBeInTheDocument();
    expect(screen.getByText(/Révoquée le 2 avril 2026\. Motif\s: Quiz passé par une autre personne\./)).toBeInTheDocument();
    expect(screen.queryByText(verificationText.valid)).not.toBeInTheDocument();
  });

  it('says an unknown code matches no attestation', async () => {
    mockApi({});
    renderRoutes('/certificats/inconnu', routes);

    expect(await screen.findByRole('heading', { level: 2, name: verificationText.notFound })).toBeInTheDocument();
    expect(screen.getByText(verificationText.notFoundHelp)).toBeInTheDocument();
    expect(screen.queryByText(verificationText.valid)).not.toBeInTheDocument();
  });
});

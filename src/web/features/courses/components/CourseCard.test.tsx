import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { courseItem } from '../test/fixtures';
import { CourseCard } from './CourseCard';

function renderCard(overrides: Parameters<typeof courseItem>[0] = {}) {
  return render(
    <MemoryRouter>
      <CourseCard course={courseItem(overrides)} />
    </MemoryRouter>,
  );
}

describe('CourseCard', () => {
  it('cuts the description at 80 characters plus an ellipsis', () => {
    const description = 'a'.repeat(80) + 'SUITE';
    renderCard({ description });
    expect(screen.getByText(`${'a'.repeat(80)}…`)).toBeInTheDocument();
    expect(screen.queryByText(/SUITE/)).not.toBeInTheDocument();
  });

  it('keeps a short description whole, without ellipsis', () => {
    renderCard({ description: 'Court et clair.' });
    expect(screen.getByText('Court et clair.')).toBeInTheDocument();
  });

  it('links the title to the course address and shows creator, duration and category', () => {
    renderCard({ id: 42 });
    expect(screen.getByRole('link', { name: 'Zéro déchet en entreprise' })).toHaveAttribute('href', '/user/courses/42');
    expect(screen.getByRole('heading', { level: 2, name: 'Zéro déchet en entreprise' })).toBeInTheDocument();
    expect(screen.getByText('Claire Dubois')).toBeInTheDocument();
    // The duration is the lessons' sum; the trainer's free text is the advised pace (issue 25).
    expect(screen.getByText('1 h 5 min, à suivre sur 2 mois')).toBeInTheDocument();
    expect(screen.queryByText('2 mois')).not.toBeInTheDocument();
    expect(screen.getByText('Gestion des déchets')).toBeInTheDocument();
  });

  it('shows the price in euros, with no struck price when there is no discount', () => {
    const { container } = renderCard({ price: 80 });
    expect(container).toHaveTextContent(/Prix : 80,00\s€/);
    expect(container.querySelector('del')).toBeNull();
  });

  it('strikes the original price through when discounted, and says which is which', () => {
    const { container } = renderCard({ price: 95, discountPrice: 82.5 });
    const struck = container.querySelector('del')!;
    expect(struck).toHaveTextContent(/Prix initial : 95,00\s€/);
    expect(container).toHaveTextContent(/Prix remisé : 82,50\s€/);
  });

  it('describes the image for screen readers', () => {
    renderCard({ image: '/api/courses/1/image?v=abcdef12' });
    expect(screen.getByRole('img', { name: 'Illustration du cours «\u00a0Zéro déchet en entreprise\u00a0» (Gestion des déchets)' })).toHaveAttribute(
      'src',
      '/api/courses/1/image?v=abcdef12',
    );
  });

  it('shows the learners’ average to one decimal, French style, and the count; nothing without a rating', () => {
    const { container, unmount } = renderCard({ rating: { average: 4.3, count: 12 } });
    expect(container).toHaveTextContent('Note moyenne des apprenants : 4,3 sur 5 (12 avis)');
    unmount();
    const without = renderCard({ rating: null });
    expect(without.container).not.toHaveTextContent('avis');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UsersPagination } from './UsersPagination';

describe('UsersPagination', () => {
  it('speaks French and counts from the server', async () => {
    const onPageChange = vi.fn();
    render(<UsersPagination total={45} capped={false} page={2} pageSize={20} onPageChange={onPageChange} onPageSizeChange={() => {}} />);
    expect(screen.getByText('21–40 sur 45')).toBeInTheDocument();
    expect(screen.getByText('Lignes par page :')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Première page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('says "plus de 1 000" when a search matched more than it counted', () => {
    render(<UsersPagination total={1000} capped page={1} pageSize={20} onPageChange={() => {}} onPageSizeChange={() => {}} />);
    expect(screen.getByText(/^1–20 sur plus de 1\s000$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dernière page' })).not.toBeInTheDocument();
  });
});

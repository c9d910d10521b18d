import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './Pager';
import { RowsPager } from './RowsPager';

describe('Pager, numbered pages', () => {
  it('names the pages in French and moves to the one chosen', async () => {
    const onChange = vi.fn();
    render(<Pager label="Pages du catalogue" info={{ total: 45, pageSize: 20 }} page={2} onChange={onChange} />);
    expect(screen.getByRole('navigation', { name: 'Pages du catalogue' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2, page actuelle' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aller à la page 3' }));
    expect(onChange).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Page précédente' }));
    expect(onChange).toHaveBeenCalledWith(1);
  });

  it('shows nothing for a single page', () => {
    const { container } = render(<Pager label="Pages des cours" info={{ total: 20, pageSize: 20 }} page={1} onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('Pager, a table’s rows', () => {
  it('speaks French and counts from the server', async () => {
    const onChange = vi.fn();
    render(<RowsPager label="Pages des utilisateurs" info={{ total: 45, pageSize: 20 }} page={2} onChange={onChange} rows={{ sizes: [10, 20], onSizeChange: () => {} }} />);
    expect(screen.getByText('21–40 sur 45')).toBeInTheDocument();
    expect(screen.getByText('Lignes par page :')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(onChange).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Première page' }));
    expect(onChange).toHaveBeenCalledWith(1);
  });

  it('says "plus de 1 000" when a search matched more than it counted', () => {
    render(<RowsPager label="Pages des utilisateurs" info={{ total: 1000, pageSize: 20 }} page={1} onChange={() => {}} rows={{ capped: true, sizes: [20] }} />);
    expect(screen.getByText(/^1–20 sur plus de 1\s000$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dernière page' })).not.toBeInTheDocument();
  });

  it('shows a fixed-size table’s pager only when there is more than one page', () => {
    const { container } = render(<RowsPager label="Pages des notifications" info={{ total: 20, pageSize: 20 }} page={1} onChange={() => {}} rows={{}} />);
    expect(container).toBeEmptyDOMElement();
  });
});

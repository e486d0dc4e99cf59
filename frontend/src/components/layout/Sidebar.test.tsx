import { fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { Sidebar } from './Sidebar';

const PERMISSIONS = ['Home', 'SaleOrder', 'Schedule', 'Goods', 'Customer', 'SettingDashboard'];

function renderSidebar(currentPath = '/home/index') {
  return render(
    <Router>
      <Sidebar title="Stitchboard" permissions={PERMISSIONS} currentPath={currentPath} collapsed={false} />
    </Router>,
  );
}

const groupButton = (name: RegExp) => screen.getByRole('button', { name });

describe('Sidebar groups', () => {
  beforeEach(() => localStorage.clear());

  it('puts production before base data and folds base data at first', () => {
    renderSidebar();
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons.findIndex((text) => /生产|Production/.test(text ?? ''))).toBeLessThan(buttons.findIndex((text) => /基础|Base/.test(text ?? '')));
    expect(groupButton(/基础资料|Base data/)).toHaveAttribute('aria-expanded', 'false');
    expect(groupButton(/生产|Production/)).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('link', { name: /商品|Styles|Goods/ })).toBeNull();
    expect(screen.getByRole('link', { name: /销售订单|Sales orders/ })).toBeVisible();
  });

  it('unfolds and folds a group, and remembers it', () => {
    const { unmount } = renderSidebar();
    fireEvent.click(groupButton(/基础资料|Base data/));
    expect(groupButton(/基础资料|Base data/)).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /商品|Styles|Goods/ })).toBeVisible();
    fireEvent.click(groupButton(/生产|Production/));
    expect(screen.queryByRole('link', { name: /销售订单|Sales orders/ })).toBeNull();
    unmount();
    renderSidebar();
    expect(groupButton(/基础资料|Base data/)).toHaveAttribute('aria-expanded', 'true');
    expect(groupButton(/生产|Production/)).toHaveAttribute('aria-expanded', 'false');
  });

  it('never hides the open screen inside a folded group', () => {
    renderSidebar('/base/goods/index');
    expect(groupButton(/基础资料|Base data/)).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /商品|Styles|Goods/ })).toHaveAttribute('aria-current', 'page');
  });
});

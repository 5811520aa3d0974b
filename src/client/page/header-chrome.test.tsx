import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHeaderChrome, useHeaderTitle, useTransparentHeader, useUnstuckHeader } from './header-chrome';

function Page({ title, transparent = false, unstuck = false }: { title: string | null; transparent?: boolean; unstuck?: boolean }) {
  useHeaderTitle(title);
  useTransparentHeader(transparent);
  useUnstuckHeader(unstuck);
  return null;
}

function Bar() {
  const { title, transparent, unstuck } = useHeaderChrome();
  return <p data-testid="bar">{`${title ?? '-'} ${transparent ? 'transparent' : 'solid'}${unstuck ? ' unstuck' : ''}`}</p>;
}

const bar = () => document.querySelector('[data-testid="bar"]')!.textContent;

describe('header chrome', () => {
  it('shows what the page on screen asks for, and nothing once it leaves', () => {
    const view = render(
      <>
        <Bar />
        <Page title="Likes" />
      </>,
    );
    expect(bar()).toBe('Likes solid');
    view.rerender(
      <>
        <Bar />
        <Page key="explore" title="Explore" transparent />
      </>,
    );
    expect(bar()).toBe('Explore transparent');
    view.rerender(<Bar />);
    expect(bar()).toBe('- solid');
  });

  it('the unstuck mode belongs to the page that asked for it', () => {
    const view = render(
      <>
        <Bar />
        <Page key="login" title={null} transparent unstuck />
      </>,
    );
    expect(bar()).toBe('- transparent unstuck');
    view.rerender(
      <>
        <Bar />
        <Page key="likes" title="Likes" />
      </>,
    );
    expect(bar()).toBe('Likes solid');
  });

  it('a page leaving after the next one came clears nothing of the next one', () => {
    const view = render(
      <>
        <Bar />
        <Page key="a" title="Likes" transparent />
      </>,
    );
    // Both on screen for a moment (a page over a page): the newer one stands...
    view.rerender(
      <>
        <Bar />
        <Page key="a" title="Likes" transparent />
        <Page key="b" title="Search" />
      </>,
    );
    expect(bar()).toBe('Search solid');
    // ...and stays when the older one goes.
    act(() =>
      view.rerender(
        <>
          <Bar />
          <Page key="b" title="Search" />
        </>,
      ),
    );
    expect(bar()).toBe('Search solid');
  });
});

import { describe, expect, it } from 'vitest';
import { currentPostIndex, drawerKeyAction, targetPostIndex } from './keyboard-map';

const element = (html: string, selector: string) => {
  document.body.innerHTML = html;
  return document.querySelector(selector);
};

describe('drawer keyboard map (spec 2 §2)', () => {
  it.each([
    ['j', 'next'],
    ['k', 'previous'],
    ['l', 'like'],
    ['r', 'reblog'],
    ['s', 'share'],
    ['.', 'top'],
    ['Enter', 'openSource'],
  ])('%s is %s', (key, action) => {
    expect(drawerKeyAction({ key, target: element('<div tabindex="-1"></div>', 'div') })).toBe(action);
  });

  it('other keys and modified keys are not shortcuts', () => {
    expect(drawerKeyAction({ key: 'x' })).toBeNull();
    expect(drawerKeyAction({ key: 'J' })).toBeNull();
    expect(drawerKeyAction({ key: 'j', ctrlKey: true })).toBeNull();
    expect(drawerKeyAction({ key: 'l', metaKey: true })).toBeNull();
    expect(drawerKeyAction({ key: 'r', altKey: true })).toBeNull();
  });

  it('not while typing in a field', () => {
    expect(drawerKeyAction({ key: 'j', target: element('<input>', 'input') })).toBeNull();
    expect(drawerKeyAction({ key: 'l', target: element('<textarea></textarea>', 'textarea') })).toBeNull();
    expect(drawerKeyAction({ key: 'k', target: element('<div contenteditable="true"><p>x</p></div>', 'p') })).toBeNull();
    expect(drawerKeyAction({ key: 's', target: element('<div role="menu"><button>a</button></div>', 'button') })).toBeNull();
  });

  it('enter on a link or button is that control’s, not the shortcut', () => {
    expect(drawerKeyAction({ key: 'Enter', target: element('<a href="/x">x</a>', 'a') })).toBeNull();
    expect(drawerKeyAction({ key: 'Enter', target: element('<button>x</button>', 'button') })).toBeNull();
    expect(drawerKeyAction({ key: 'j', target: element('<button>x</button>', 'button') })).toBe('next');
  });

  it('j goes to the first post below the reading line, k to the last above it (offset 60)', () => {
    const tops = [-400, 60, 500, 900];
    expect(targetPostIndex(tops, 'next', 60)).toBe(2);
    expect(targetPostIndex(tops, 'previous', 60)).toBe(0);
    expect(targetPostIndex([60], 'next', 60)).toBeNull();
    expect(targetPostIndex([60, 400], 'previous', 60)).toBeNull();
    expect(targetPostIndex([200, 600], 'next', 60)).toBe(0);
  });

  it('the current post is the last one at or above the reading line', () => {
    expect(currentPostIndex([-400, 60, 500], 60)).toBe(1);
    expect(currentPostIndex([200, 600], 60)).toBe(0);
    expect(currentPostIndex([], 60)).toBeNull();
  });
});

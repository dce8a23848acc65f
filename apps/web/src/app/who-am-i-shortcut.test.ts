import { describe, expect, it } from 'vitest';
import {
  isTextEntry,
  nextWhoAmIState,
  WHO_AM_I_WINDOW_MS,
  type WhoAmIState,
  whoAmIMessage,
} from './who-am-i-shortcut';

/** Feeds key presses at the given times and says at which press the shortcut fired. */
function run(presses: Array<[key: string, at: number, mods?: { ctrlKey?: boolean }]>): number[] {
  let state: WhoAmIState = null;
  const fired: number[] = [];
  presses.forEach(([key, at, mods], index) => {
    const step = nextWhoAmIState(state, { key, ...mods }, at);
    state = step.state;
    if (step.fired) fired.push(index);
  });
  return fired;
}

describe('nextWhoAmIState', () => {
  it('fires on a backtick then a', () => {
    expect(
      run([
        ['`', 0],
        ['a', 200],
      ]),
    ).toEqual([1]);
  });

  it('accepts a capital A (Caps Lock or Shift held)', () => {
    expect(
      run([
        ['`', 0],
        ['Shift', 100],
        ['A', 200],
      ]),
    ).toEqual([2]);
  });

  it('needs the a within the window', () => {
    expect(WHO_AM_I_WINDOW_MS).toBe(1500);
    expect(
      run([
        ['`', 0],
        ['a', 1500],
      ]),
    ).toEqual([1]);
    expect(
      run([
        ['`', 0],
        ['a', 1501],
      ]),
    ).toEqual([]);
  });

  it('ignores an a without a backtick before it', () => {
    expect(
      run([
        ['a', 0],
        ['a', 10],
      ]),
    ).toEqual([]);
  });

  it('starts over after any other key', () => {
    expect(
      run([
        ['`', 0],
        ['b', 100],
        ['a', 200],
      ]),
    ).toEqual([]);
  });

  it('fires once per sequence', () => {
    expect(
      run([
        ['`', 0],
        ['a', 100],
        ['a', 200],
        ['`', 300],
        ['a', 400],
      ]),
    ).toEqual([1, 4]);
  });

  it('counts from the latest backtick', () => {
    expect(
      run([
        ['`', 0],
        ['`', 1400],
        ['a', 2000],
      ]),
    ).toEqual([2]);
  });

  it('leaves Ctrl+A to the browser', () => {
    expect(
      run([
        ['`', 0],
        ['a', 100, { ctrlKey: true }],
      ]),
    ).toEqual([]);
    expect(
      run([
        ['`', 0],
        ['a', 100, { ctrlKey: true }],
        ['a', 200],
      ]),
    ).toEqual([]);
  });
});

describe('isTextEntry', () => {
  it('is true for inputs, textareas, selects and editable content', () => {
    expect(isTextEntry({ tagName: 'INPUT' })).toBe(true);
    expect(isTextEntry({ tagName: 'textarea' })).toBe(true);
    expect(isTextEntry({ tagName: 'SELECT' })).toBe(true);
    expect(isTextEntry({ tagName: 'DIV', isContentEditable: true })).toBe(true);
  });

  it('is false for the page and buttons', () => {
    expect(isTextEntry(null)).toBe(false);
    expect(isTextEntry({ tagName: 'BODY', isContentEditable: false })).toBe(false);
    expect(isTextEntry({ tagName: 'BUTTON' })).toBe(false);
  });
});

describe('whoAmIMessage', () => {
  it('names the signed-in user', () => {
    expect(whoAmIMessage({ email: 'demo@airgrid.tv', id: 'abc123def456ghi' })).toEqual({
      severity: 'success',
      summary: 'Logged in as demo@airgrid.tv (abc123def456ghi)',
    });
  });

  it('says so when nobody is signed in', () => {
    expect(whoAmIMessage(null)).toEqual({ severity: 'error', summary: "You're not logged in." });
    expect(whoAmIMessage({ email: 'x@example.org', id: '' })).toEqual({
      severity: 'error',
      summary: "You're not logged in.",
    });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LATEST_START_MS, scheduleAppStart, type AppScripts } from '../app-start';

const SCRIPTS: AppScripts = {
  modules: ['/assets/early-a.js', '/assets/index-b.js'],
  preload: ['/assets/react-c.js', '/assets/i18n-d.js'],
};

const added = () => ({
  modules: Array.from(document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')).map((s) => s.getAttribute('src')),
  preload: Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')).map((l) => l.getAttribute('href')),
});

let readyState: DocumentReadyState;

beforeEach(() => {
  vi.useFakeTimers();
  readyState = 'interactive';
  vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  document.body.innerHTML = '<div id="root"><div aria-hidden="true">frame</div></div>';
});

afterEach(() => {
  vi.useRealTimers();
  document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]').forEach((n) => n.remove());
  document.body.innerHTML = '';
});

function serveContent() {
  document.getElementById('root')!.insertAdjacentHTML('beforeend', '<main id="main" data-served><h1>Linen Wrap Dress</h1></main>');
}

function load() {
  readyState = 'complete';
  window.dispatchEvent(new Event('load'));
}

describe('scheduleAppStart', () => {
  it('starts the app at once on a page served without content of its own', () => {
    scheduleAppStart(window, SCRIPTS);
    expect(added()).toEqual(SCRIPTS);
  });

  it('waits for the served page to load and be drawn, then adds the scripts once, in order', () => {
    serveContent();
    scheduleAppStart(window, SCRIPTS);
    vi.advanceTimersByTime(LATEST_START_MS - 1);
    expect(added()).toEqual({ modules: [], preload: [] });

    load();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(added()).toEqual(SCRIPTS);

    vi.advanceTimersByTime(LATEST_START_MS);
    expect(added()).toEqual(SCRIPTS);
  });

  it('starts anyway when the pictures are slow', () => {
    serveContent();
    scheduleAppStart(window, SCRIPTS);
    vi.advanceTimersByTime(LATEST_START_MS);
    expect(added()).toEqual(SCRIPTS);
    load();
    vi.runAllTimers();
    expect(added().modules).toHaveLength(2);
  });

  it('starts in a hidden tab, which draws no frames', () => {
    serveContent();
    readyState = 'complete';
    const frame = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    scheduleAppStart(window, SCRIPTS);
    vi.advanceTimersByTime(100);
    expect(frame).toHaveBeenCalled();
    expect(added()).toEqual(SCRIPTS);
  });
});

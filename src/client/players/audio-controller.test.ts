import { afterEach, describe, expect, it } from 'vitest';
import { AudioController } from './audio-controller';
import { FakeMedia } from './fake-media';

const made: AudioController[] = [];
function player(duration = 100) {
  const media = new FakeMedia();
  const controller = new AudioController(media);
  made.push(controller);
  media.load(duration);
  return { media, controller };
}
afterEach(() => made.splice(0).forEach((c) => c.dispose()));
const flush = () => Promise.resolve();

describe('AudioController (spec 1 §4 Audio player)', () => {
  it('starts paused and toggles between playing and paused', async () => {
    const { media, controller } = player();
    expect(controller.get()).toMatchObject({ status: 'paused', duration: 100 });
    controller.toggle();
    await flush();
    expect(controller.get().status).toBe('playing');
    controller.toggle();
    expect(controller.get().status).toBe('paused');
    expect(media.paused).toBe(true);
  });

  it('one plays at a time: starting a second pauses the first and rewinds it to 0', () => {
    const first = player();
    const second = player();
    first.controller.toggle();
    first.media.advance(12);
    second.controller.toggle();
    expect(first.media.paused).toBe(true);
    expect(first.media.currentTime).toBe(0);
    expect(first.controller.get()).toMatchObject({ status: 'paused', position: 0 });
    expect(second.controller.get().status).toBe('playing');
  });

  it('a click on the bar while playing seeks; while paused it plays without seeking', () => {
    const { media, controller } = player(200);
    controller.pressBar();
    controller.releaseBar(0.5);
    expect(media.paused).toBe(false);
    expect(media.currentTime).toBe(0);
    controller.pressBar();
    controller.releaseBar(0.25);
    expect(media.currentTime).toBe(50);
    expect(media.paused).toBe(false);
  });

  it('dragging seeks as it goes, pauses during the drag and resumes after it if it was playing', () => {
    const { media, controller } = player(100);
    controller.toggle();
    controller.pressBar();
    controller.dragBar(0.1);
    expect(media.paused).toBe(true);
    expect(controller.get()).toMatchObject({ dragging: true, status: 'paused', position: 10 });
    controller.dragBar(0.4);
    expect(media.currentTime).toBe(40);
    controller.releaseBar(0.6);
    expect(media.currentTime).toBe(60);
    expect(controller.get()).toMatchObject({ dragging: false, status: 'playing' });
  });

  it('a drag while paused seeks and stays paused', () => {
    const { media, controller } = player(100);
    controller.pressBar();
    controller.dragBar(0.3);
    controller.releaseBar(0.3);
    expect(media.currentTime).toBe(30);
    expect(media.paused).toBe(true);
  });

  it('keyboard steps are clamped to the track', () => {
    const { media, controller } = player(20);
    controller.seekBy(5);
    expect(media.currentTime).toBe(5);
    controller.seekBy(Number.MAX_SAFE_INTEGER);
    expect(media.currentTime).toBe(20);
    controller.seekBy(-Number.MAX_SAFE_INTEGER);
    expect(media.currentTime).toBe(0);
  });

  it('on error the player is failed and takes no more input', () => {
    const { media, controller } = player();
    controller.toggle();
    media.fail(4);
    expect(controller.get().status).toBe('failed');
    expect(media.paused).toBe(true);
    controller.toggle();
    controller.pressBar();
    controller.releaseBar(0.5);
    controller.seekBy(5);
    expect(media.paused).toBe(true);
    expect(media.currentTime).toBe(0);
    expect(controller.get().status).toBe('failed');
  });

  it("shows the server's duration before the file is read, and can seek by it", () => {
    const media = new FakeMedia();
    const controller = new AudioController(media, 40);
    made.push(controller);
    expect(controller.get().duration).toBe(40);
    controller.pressBar();
    controller.dragBar(0.5);
    controller.releaseBar(0.5);
    expect(media.currentTime).toBe(20);
    media.load(41);
    expect(controller.get().duration).toBe(41);
  });

  it('a disposed player is no longer stopped by others', () => {
    const first = player();
    first.controller.toggle();
    first.controller.dispose();
    const second = player();
    second.controller.toggle();
    expect(first.media.paused).toBe(false);
  });
});

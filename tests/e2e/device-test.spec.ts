import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/base';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../harness/chromium';

// The device test (features/devicetest, issue 5 item 5) in Chromium with its fake media
// devices: the fake microphone beeps about once a second, so the level meter must move; the
// fake outputs make the output picker (AudioContext.setSinkId) testable. Nothing of ours is
// stubbed: an init script only records the browser's own AudioContexts, oscillators and
// getUserMedia streams so the test can see what the page started and whether it let go.

const ROOM = '10001';
const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--autoplay-policy=no-user-gesture-required'];
/** A plain-http address other than localhost is not a secure context: no navigator.mediaDevices. */
const INSECURE_HOST = 'webcast-devicetest.test';

// Each test opens the video page (the live stream plays too) on a machine other runs share.
test.describe.configure({ timeout: 60_000 });

// The fake UI grants the microphone without a prompt. The refusal test launches a browser
// of its own without it.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...FAKE_MEDIA, '--use-fake-ui-for-media-stream', `--host-resolver-rules=MAP ${INSECURE_HOST} 127.0.0.1`],
  },
});

interface AudioRecord {
  readonly states: readonly string[];
  readonly state: string;
  readonly sinkId: string | null;
  readonly oscillatorHz: readonly number[];
}

interface StreamRecord {
  readonly labels: readonly string[];
  readonly live: boolean;
}

async function recordAudio(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Recorded = { context: AudioContext; states: string[]; oscillatorHz: number[] };
    const seen: { contexts: Recorded[]; streams: MediaStream[] } = { contexts: [], streams: [] };
    (window as unknown as { __deviceTest: typeof seen }).__deviceTest = seen;
    const NativeContext = window.AudioContext;
    window.AudioContext = class extends NativeContext {
      constructor(options?: AudioContextOptions) {
        super(options);
        const record: Recorded = { context: this, states: [this.state], oscillatorHz: [] };
        seen.contexts.push(record);
        this.addEventListener('statechange', () => record.states.push(this.state));
      }
    };
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
      seen.contexts.find((record) => record.context === this.context)?.oscillatorHz.push(this.frequency.value);
      start.call(this, when);
    };
    const media = navigator.mediaDevices as MediaDevices | undefined;
    if (media !== undefined) {
      const getUserMedia = media.getUserMedia.bind(media);
      media.getUserMedia = async (constraints) => {
        const stream = await getUserMedia(constraints);
        seen.streams.push(stream);
        return stream;
      };
    }
  });
}

const audioContexts = (page: Page): Promise<AudioRecord[]> =>
  page.evaluate(() =>
    (window as unknown as { __deviceTest: { contexts: { context: AudioContext & { sinkId?: unknown }; states: string[]; oscillatorHz: number[] }[] } }).__deviceTest.contexts.map(
      (record) => ({
        states: record.states,
        state: record.context.state,
        sinkId: typeof record.context.sinkId === 'string' ? record.context.sinkId : null,
        oscillatorHz: record.oscillatorHz,
      }),
    ),
  );

const streams = (page: Page): Promise<StreamRecord[]> =>
  page.evaluate(() =>
    (window as unknown as { __deviceTest: { streams: MediaStream[] } }).__deviceTest.streams.map((stream) => ({
      labels: stream.getAudioTracks().map((track) => track.label),
      live: stream.getTracks().some((track) => track.readyState === 'live'),
    })),
  );

/** Nothing the test opened is still held: every track ended, every AudioContext closed. */
async function expectAllReleased(page: Page): Promise<void> {
  await expect.poll(async () => (await streams(page)).filter((stream) => stream.live).length).toBe(0);
  await expect.poll(async () => (await audioContexts(page)).filter((context) => context.state !== 'closed').length).toBe(0);
}

const openButton = (page: Page): Locator => page.getByRole('button', { name: '设备检测' });
const dialog = (page: Page): Locator => page.getByRole('dialog', { name: '检测麦克风、扬声器和摄像头' });
const meter = (page: Page): Locator => dialog(page).getByRole('meter', { name: '麦克风音量' });
const microphonePart = (page: Page): Locator => dialog(page).getByTestId('device-test-microphone');
const speakerPart = (page: Page): Locator => dialog(page).getByTestId('device-test-speaker');
const meterLevel = async (page: Page): Promise<number> => Number((await meter(page).getAttribute('aria-valuenow')) ?? '-1');

async function openDeviceTest(page: Page): Promise<void> {
  await page.goto(`/live/video/${ROOM}`);
  await openButton(page).click();
  await expect(dialog(page)).toBeVisible();
}

/** The fake microphone's beep reaches the meter (it beeps about once a second). */
async function expectMeterMoves(page: Page): Promise<void> {
  await expect(microphonePart(page)).toHaveAttribute('data-state', 'measuring', { timeout: 10_000 });
  await expect.poll(() => meterLevel(page), { timeout: 10_000, intervals: [50] }).toBeGreaterThan(0);
}

/** What the browser would do when the tab goes to the background (headless tabs never do). */
async function emulatePageVisibility(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((hide) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hide });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hide ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test.describe('device test with a microphone the page may use', () => {
  test('the meter follows the microphone, the chosen device is used and remembered, and closing releases it', async ({ page }) => {
    await recordAudio(page);
    await openDeviceTest(page);
    // Accessible modal: focus moves into it.
    await expect(dialog(page)).toBeFocused();
    await expect(dialog(page)).toHaveAttribute('aria-modal', 'true');

    await expectMeterMoves(page);
    expect((await streams(page)).map((stream) => stream.live)).toEqual([true]);
    // The meter's context runs (it would read silence if the browser held it back).
    expect((await audioContexts(page)).map((context) => context.state)).toEqual(['running']);

    const picker = dialog(page).getByLabel('麦克风设备');
    await expect(picker.locator('option')).toContainText(['Fake Default Audio Input', 'Fake Audio Input 1', 'Fake Audio Input 2']);
    await picker.selectOption({ label: 'Fake Audio Input 2' });
    await expectMeterMoves(page);
    await expect.poll(async () => (await streams(page)).map((stream) => stream.live)).toEqual([false, true]);
    expect((await streams(page))[1]?.labels).toEqual(['Fake Audio Input 2']);
    await expect(picker).toHaveValue(/.+/);
    const chosen = await picker.inputValue();
    expect(await picker.locator('option:checked').textContent()).toBe('Fake Audio Input 2');

    // Escape closes; focus goes back to the button; the microphone and its context are let go.
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(openButton(page)).toBeFocused();
    await expectAllReleased(page);

    // Opening again starts on the device chosen last time.
    await openButton(page).click();
    await expectMeterMoves(page);
    expect((await streams(page)).at(-1)?.labels).toEqual(['Fake Audio Input 2']);
    await expect(picker).toHaveValue(chosen);
    await dialog(page).getByRole('button', { name: '关闭' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(openButton(page)).toBeFocused();
    await expectAllReleased(page);
  });

  test('the camera: opened only when asked, its picture previewed, the choice remembered for video connect-mic, turned off and released', async ({ page }) => {
    await recordAudio(page);
    await openDeviceTest(page);
    const camera = dialog(page).getByTestId('device-test-camera');
    await expect(camera).toHaveAttribute('data-state', 'idle');
    await expectMeterMoves(page);
    // The microphone's stream only: the camera waits to be asked for.
    expect(await streams(page)).toHaveLength(1);

    await camera.getByRole('button', { name: '检测摄像头' }).click();
    await expect(camera).toHaveAttribute('data-state', 'previewing', { timeout: 10_000 });
    const preview = camera.getByLabel('摄像头画面');
    await expect.poll(() => preview.evaluate((video) => (video as HTMLVideoElement).videoWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    const picker = camera.getByLabel('摄像头设备');
    await expect(picker.locator('option')).not.toHaveCount(0);
    const first = await picker.locator('option').first().getAttribute('value');
    await picker.selectOption(first ?? '');
    await expect(camera).toHaveAttribute('data-state', 'previewing', { timeout: 10_000 });

    await camera.getByRole('button', { name: '关闭摄像头' }).click();
    await expect(camera).toHaveAttribute('data-state', 'idle');
    await expect(preview).toHaveCount(0);
    await expect.poll(async () => (await streams(page)).filter((stream) => stream.live).length).toBe(1);
    await camera.getByRole('button', { name: '检测摄像头' }).click();
    await expect(camera).toHaveAttribute('data-state', 'previewing', { timeout: 10_000 });
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expectAllReleased(page);
    // Remembered for the page's life (connect-mic with the camera opens this one): shown again.
    await openButton(page).click();
    await camera.getByRole('button', { name: '检测摄像头' }).click();
    await expect(picker).toHaveValue(first ?? '', { timeout: 10_000 });
    await dialog(page).getByRole('button', { name: '关闭', exact: true }).click();
    await expectAllReleased(page);
  });

  test('the speaker tone plays on the chosen output and asks whether it was heard', async ({ page }) => {
    await recordAudio(page);
    await openDeviceTest(page);
    await expectMeterMoves(page);

    const outputs = dialog(page).getByLabel('输出设备');
    await expect(outputs.locator('option')).toContainText(['Fake Default Audio Output', 'Fake Audio Output 1']);
    await outputs.selectOption({ label: 'Fake Audio Output 1' });
    const sinkId = await outputs.inputValue();

    await expect(speakerPart(page)).toHaveAttribute('data-state', 'idle');
    await speakerPart(page).getByRole('button', { name: '播放测试音' }).click();
    await expect(speakerPart(page)).toHaveAttribute('data-state', 'playing');
    await expect(speakerPart(page).getByRole('button', { name: '再次播放' })).toBeDisabled();
    // A second context (after the meter's) plays a 1 kHz oscillator on the chosen output, running.
    // Its oscillator starts once the output is set (setSinkId resolves after the context
    // exists; on a loaded machine after the test first looks): waited for, not read once.
    await expect.poll(async () => (await audioContexts(page)).length).toBe(2);
    await expect.poll(async () => (await audioContexts(page))[1]?.oscillatorHz).toEqual([1000]);
    const [, toneContext] = await audioContexts(page);
    expect(toneContext?.sinkId).toBe(sinkId);
    expect(toneContext?.states).toContain('running');

    // The tone is short; then the question, and its context is closed.
    await expect(speakerPart(page)).toHaveAttribute('data-state', 'asked', { timeout: 5_000 });
    await expect(speakerPart(page).getByText('您听到测试音了吗？')).toBeVisible();
    await expect.poll(async () => (await audioContexts(page))[1]?.state).toBe('closed');
    await speakerPart(page).getByRole('button', { name: '没听到' }).click();
    await expect(speakerPart(page)).toHaveAttribute('data-state', 'idle');
    await expect(speakerPart(page).getByText('请检查音量、是否静音以及输出设备是否正确，然后再次播放。')).toBeVisible();

    await speakerPart(page).getByRole('button', { name: '再次播放' }).click();
    await expect(speakerPart(page)).toHaveAttribute('data-state', 'asked', { timeout: 5_000 });
    await speakerPart(page).getByRole('button', { name: '听到了' }).click();
    await expect(speakerPart(page).getByText('扬声器工作正常。')).toBeVisible();
    expect((await audioContexts(page)).map((context) => context.oscillatorHz)).toEqual([[], [1000], [1000]]);

    // Closing while a tone plays stops it too.
    await speakerPart(page).getByRole('button', { name: '再次播放' }).click();
    await expect(speakerPart(page)).toHaveAttribute('data-state', 'playing');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expectAllReleased(page);
  });

  test('a hidden page lets the microphone go; the test can start again', async ({ page }) => {
    await recordAudio(page);
    await openDeviceTest(page);
    await expectMeterMoves(page);

    await emulatePageVisibility(page, true);
    await expect(microphonePart(page)).toHaveAttribute('data-state', 'idle');
    await expect(microphonePart(page).getByText('麦克风检测已暂停。')).toBeVisible();
    await expectAllReleased(page);

    await emulatePageVisibility(page, false);
    await microphonePart(page).getByRole('button', { name: '检测麦克风' }).click();
    await expectMeterMoves(page);
    expect((await streams(page)).map((stream) => stream.live)).toEqual([false, true]);
  });
});

test.describe('device test where the microphone is refused', () => {
  test('says the microphone is disabled or abnormal, how to allow it, and the speaker test still works', async ({ playwright, baseURL }) => {
    // Without the fake UI and with no permission given, headless Chromium refuses the prompt.
    const browser = await playwright.chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...FAKE_MEDIA] });
    try {
      const context = await browser.newContext({ baseURL, permissions: [] });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await recordAudio(page);
      await openDeviceTest(page);

      await expect(microphonePart(page)).toHaveAttribute('data-state', 'refused', { timeout: 10_000 });
      const alert = microphonePart(page).getByRole('alert');
      await expect(alert).toContainText('麦克风已禁用或异常');
      await expect(alert).toContainText('麦克风权限被拒绝');
      await expect(meter(page)).toHaveCount(0);
      expect(await streams(page)).toEqual([]);

      // Testing again asks again (and is refused again), without breaking the dialog.
      await microphonePart(page).getByRole('button', { name: '重新检测' }).click();
      await expect(microphonePart(page)).toHaveAttribute('data-state', 'refused', { timeout: 10_000 });

      await speakerPart(page).getByRole('button', { name: '播放测试音' }).click();
      await expect(speakerPart(page)).toHaveAttribute('data-state', 'asked', { timeout: 5_000 });
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toBeHidden();
      await expectAllReleased(page);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

test.describe('device test on an address without the microphone API', () => {
  test('says the microphone cannot be used here, without crashing', async ({ page, baseURL }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const insecure = new URL(baseURL ?? 'http://127.0.0.1');
    insecure.hostname = INSECURE_HOST;
    await page.goto(new URL(`/live/video/${ROOM}`, insecure).href);
    expect(await page.evaluate(() => [window.isSecureContext, 'mediaDevices' in navigator])).toEqual([false, false]);

    await openButton(page).click();
    await expect(microphonePart(page)).toHaveAttribute('data-state', 'failed');
    const alert = microphonePart(page).getByRole('alert');
    await expect(alert).toContainText('麦克风已禁用或异常');
    await expect(alert).toContainText('需要通过 https 安全地址访问');
    expect(errors).toEqual([]);
  });
});

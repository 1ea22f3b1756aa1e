/**
 * Live screen slots for the viewer's own layer: anti-record watermark, live captions, splash advert, settings panel and the nickname prompt (issue 5 items 2 and 4).
 * Composed into the screen by app/liveSlots.tsx.
 *
 * - stageOverlay: the watermark and the live captions over the player;
 * - layers: the splash advert over the screen, and the nickname prompt that
 *   requireNickname() opens (rendered once here, for every feature of the video page);
 * - toolbar: the settings button; its dialog shows the entry feature's nickname form,
 *   handed in here because features do not import each other.
 *
 * The three features load with the video page only (like the chat and the player), so the
 * guide page's script does not carry them.
 */
import { lazy, Suspense } from 'react';
import type { LiveScreenSlots } from '../../features/live';

const Watermark = lazy(() => import('../../features/watermark').then((m) => ({ default: m.Watermark })));
const CaptionOverlay = lazy(() => import('../../features/captions').then((m) => ({ default: m.CaptionOverlay })));
const Splash = lazy(() => import('../../features/splash').then((m) => ({ default: m.Splash })));
const SettingsPanel = lazy(() => import('../../features/settings').then((m) => ({ default: m.SettingsPanel })));
const NicknamePanel = lazy(() => import('../../features/entry/nickname').then((m) => ({ default: m.NicknamePanel })));
const NicknamePrompt = lazy(() => import('../../features/entry/nickname').then((m) => ({ default: m.NicknamePrompt })));

export const viewerSlots: LiveScreenSlots = {
  stageOverlay: (roomId) => (
    <Suspense fallback={null}>
      <Watermark roomId={roomId} />
      <CaptionOverlay key={roomId} roomId={roomId} />
    </Suspense>
  ),
  toolbar: () => (
    <Suspense fallback={null}>
      <SettingsPanel nickname={<NicknamePanel />} />
    </Suspense>
  ),
  layers: (roomId) => (
    <>
      <Suspense fallback={null}>
        <Splash key={roomId} roomId={roomId} />
      </Suspense>
      <Suspense fallback={null}>
        <NicknamePrompt />
      </Suspense>
    </>
  ),
};

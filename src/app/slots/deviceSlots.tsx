/**
 * Live screen slots for the device test: microphone level and speaker tone (issue 5 item 5).
 * Composed into the screen by app/liveSlots.tsx.
 *
 * Loaded with the video page only: the guide page's script does not carry it.
 */
import { lazy, Suspense } from 'react';
import type { LiveScreenSlots } from '../../features/live';

const DeviceTest = lazy(() => import('../../features/devicetest').then((devicetest) => ({ default: devicetest.DeviceTest })));

export const deviceSlots: LiveScreenSlots = {
  toolbar: () => (
    <Suspense fallback={null}>
      <DeviceTest />
    </Suspense>
  ),
};

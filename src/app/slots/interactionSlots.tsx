/**
 * Live screen slots for the room's interactions (issue 13): each interaction is a feature
 * of its own that shows a card in the screen's interactions region while the room has one
 * open, the Q&A has a room tab, and what the host shares shows beside the video. They load with the video page only, each in its own chunk. The nickname gate a
 * lottery needs (SPEC 5) belongs to the entry feature and is handed in here.
 */
import { lazy, Suspense } from 'react';
import { i18n } from '../../i18n';
import { nicknameIsSet, requireNickname } from '../../features/entry';
import type { LiveScreenSlots } from '../../features/live';
import type { NicknameGate } from '../../features/lottery';

const RollCallCard = lazy(() => import('../../features/rollcall').then((m) => ({ default: m.RollCallCard })));
const PaperCard = lazy(() => import('../../features/paper').then((m) => ({ default: m.PaperCard })));
const AnswerSheetCard = lazy(() => import('../../features/answersheet').then((m) => ({ default: m.AnswerSheetCard })));
const DocShareView = lazy(() => import('../../features/docshare').then((m) => ({ default: m.DocShareView })));
const QaPanel = lazy(() => import('../../features/qa').then((m) => ({ default: m.QaPanel })));
const LotteryCard = lazy(() => import('../../features/lottery').then((m) => ({ default: m.LotteryCard })));

const nickname: NicknameGate = { isSet: nicknameIsSet, require: requireNickname };

export const interactionSlots: LiveScreenSlots = {
  interactions: (roomId) => (
    <Suspense fallback={null}>
      <RollCallCard key={`rollcall-${roomId}`} roomId={roomId} />
      <PaperCard key={`paper-${roomId}`} roomId={roomId} />
      <AnswerSheetCard key={`answersheet-${roomId}`} roomId={roomId} />
      <LotteryCard key={`lottery-${roomId}`} roomId={roomId} nickname={nickname} />
    </Suspense>
  ),
  document: (roomId) => (
    <Suspense fallback={null}>
      <DocShareView key={roomId} roomId={roomId} />
    </Suspense>
  ),
  tabs: (roomId) => [
    {
      key: 'qa',
      label: i18n.t('qa.tab'),
      render: () => (
        <Suspense fallback={null}>
          <QaPanel roomId={roomId} />
        </Suspense>
      ),
    },
  ],
};

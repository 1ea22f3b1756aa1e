/** Server rendering of chat components for node tests (no DOM): en_us, an empty api, a video page route. */
import type { ReactNode } from 'react';
import { renderStatic as renderWith, testI18n } from '../../ui/staticRender';

export { testI18n };

export const renderStatic = (node: ReactNode): string => renderWith(node, { path: '/live/video/10001' });

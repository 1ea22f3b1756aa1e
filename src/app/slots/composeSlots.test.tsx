import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { composeSlots } from './composeSlots';

const tab = (key: string) => ({ key, label: key, render: () => key });

describe('composeSlots', () => {
  it('puts tabs in SPEC order whatever part gave them, unknown keys last', () => {
    const slots = composeSlots({ tabs: () => [tab('chat'), tab('extra')] }, { tabs: () => [tab('recommend'), tab('intro')] });
    expect(slots.tabs?.('1').map((t) => t.key)).toEqual(['intro', 'chat', 'recommend', 'extra']);
  });

  it('renders every part of a shared slot in the given order, with the room id', () => {
    const slots = composeSlots({ toolbar: (id) => <b>a{id}</b> }, {}, { toolbar: (id) => <i>b{id}</i> });
    expect(renderToStaticMarkup(<>{slots.toolbar?.('7')}</>)).toBe('<b>a7</b><i>b7</i>');
    expect(slots.layers).toBeUndefined();
  });

  it('takes a single-valued slot from the first part that has it', () => {
    const slots = composeSlots({}, { player: () => 'first' }, { player: () => 'second' });
    expect(slots.player?.('1')).toBe('first');
  });
});

// The marker's look per state (server rendering: what a viewer and assistive technology get).
import { describe, expect, it } from 'vitest';
import { renderStatic } from './renderTesting';
import { SkippedMarker, type SkippedMarkerProps } from './SkippedMarker';

const noop = () => {};
const marker = (props: Partial<SkippedMarkerProps>) => renderStatic(<SkippedMarker count={1234} state="idle" problem={null} autoLoad={false} onLoad={noop} {...props} />);

describe('SkippedMarker', () => {
  it('says how many are not shown, why, and offers to show them', () => {
    const html = marker({});
    expect(html).toContain('data-not-shown="1234"');
    expect(html).toContain('1,234 messages not shown');
    expect(html).toContain('title="Left out to keep this page current');
    expect(html).toContain('>Show</button>');
    expect(html).toContain('aria-busy="false"');
  });

  it('while loading, says so and offers nothing to press', () => {
    const html = marker({ state: 'loading' });
    expect(html).toContain('role="status">Loading…</span>');
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('<button');
  });

  it('after a failure, says why and offers to try again', () => {
    const html = marker({ state: 'failed', problem: 'Not connected' });
    expect(html).toContain('role="alert">Not connected</span>');
    expect(html).toContain('>Try again</button>');
  });

  it('with only offsets left (every counted message loaded), still offers the rest', () => {
    const html = marker({ count: 0 });
    expect(html).toContain('Earlier messages not shown');
    expect(html).toContain('>Show</button>');
  });
});

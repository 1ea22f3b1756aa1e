/**
 * The picture of each paid kind, drawn here (SVG) rather than taken from the system's emoji
 * font: the same on every device, sharp at any size, and never a missing glyph. Decorative:
 * the kind's name is always written beside it.
 */
import type { ReactElement } from 'react';
import type { PaidKind } from '../../domain/constants';

const SHAPES: Readonly<Record<PaidKind, ReactElement>> = {
  rose: (
    <>
      <path d="M16 30V17" stroke="#2e8b3a" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M16 24c-3-3-7-3-8-1 2 2 5 3 8 1zM16 21c3-3 7-3 8-1-2 2-5 3-8 1z" fill="#3fa34d" />
      <path d="M8 10c0-5 4-8 8-8s8 3 8 8c0 5-4 8-8 8s-8-3-8-8z" fill="#e0245e" />
      <path d="M12 9c1-3 3-4 4-4s3 1 4 4c-1 2-2 3-4 3s-3-1-4-3z" fill="#b81848" />
      <path d="M14 8c.5-1.2 1.2-1.7 2-1.7s1.5.5 2 1.7c-.6.8-1.2 1.2-2 1.2s-1.4-.4-2-1.2z" fill="#8e1038" />
    </>
  ),
  heart: <path d="M16 28S3 20 3 11.5C3 7 6.3 4 10 4c2.6 0 4.8 1.4 6 3.5C17.2 5.4 19.4 4 22 4c3.7 0 7 3 7 7.5C29 20 16 28 16 28z" fill="#f0325a" />,
  applause: (
    <>
      <path d="M9 14l6-6c1-1 2.5-1 3.4 0s1 2.4 0 3.4L24 6c1-1 2.5-1 3.4 0s1 2.4 0 3.4l-9 9c-3.5 3.5-9 3.5-12.4 0S2.5 10 6 6.5L9 14z" fill="#f5b73b" />
      <path d="M6 6.5c1-1 2.5-1 3.4 0s1 2.4 0 3.4M18.4 11.4l-5 5" stroke="#c98a14" strokeWidth="1.6" strokeLinecap="round" fill="none" />
      <path d="M24 22l3 2M21 25l1.5 3M26.5 18.5l3.2.5" stroke="#f5b73b" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  lollipop: (
    <>
      <path d="M16 17v13" stroke="#c9c2b5" strokeWidth="2.4" strokeLinecap="round" />
      <circle cx="16" cy="10.5" r="8.5" fill="#ff7ab6" />
      <path d="M16 10.5a3 3 0 1 1 3 3 6 6 0 1 1-6-6 9 9 0 0 1 9 9" stroke="#fff" strokeWidth="1.8" fill="none" strokeLinecap="round" />
    </>
  ),
  balloon: (
    <>
      <path d="M16 23c-1 2 1 3 0 5s1 2 0 3" stroke="#8a8f99" strokeWidth="1.2" fill="none" />
      <ellipse cx="16" cy="12" rx="8.5" ry="10" fill="#4a90e2" />
      <path d="M14.5 21.5h3l-1.5 2z" fill="#3b78c2" />
      <ellipse cx="12.5" cy="8" rx="2" ry="3.2" fill="#fff" opacity="0.45" transform="rotate(-20 12.5 8)" />
    </>
  ),
  rocket: (
    <>
      <path d="M16 2c5 3.5 7 9 6 16h-12c-1-7 1-12.5 6-16z" fill="#e9edf2" stroke="#9aa4b1" strokeWidth="1" />
      <circle cx="16" cy="11" r="2.6" fill="#4a90e2" stroke="#2f6fb8" strokeWidth="1" />
      <path d="M10 14l-4 6 4.5-.5zM22 14l4 6-4.5-.5z" fill="#e0245e" />
      <path d="M12.5 19.5c0 4 1.5 7 3.5 10 2-3 3.5-6 3.5-10z" fill="#ff9f1a" />
      <path d="M14.5 19.5c0 2.5.6 4.5 1.5 6.5.9-2 1.5-4 1.5-6.5z" fill="#ffe066" />
    </>
  ),
  reward: (
    <>
      <rect x="6" y="3" width="20" height="26" rx="2.5" fill="#d8342b" />
      <path d="M6 5.5C9 11 23 11 26 5.5V5a2 2 0 0 0-2-2H8a2 2 0 0 0-2 2z" fill="#b3261e" />
      <circle cx="16" cy="11" r="3.6" fill="#ffd24a" stroke="#e0a800" strokeWidth="1" />
      <path d="M16 16.5v7M13 19.5h6M13 22h6" stroke="#ffd24a" strokeWidth="1.6" strokeLinecap="round" />
    </>
  ),
};

export function GiftPicture({ kind, size = 32, className }: { readonly kind: PaidKind; readonly size?: number; readonly className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false" data-gift-picture={kind}>
      {SHAPES[kind]}
    </svg>
  );
}

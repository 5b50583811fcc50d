import { useEffect, useRef } from 'react';
import { renderThumbnail } from '../pdf/render-thumbnail.js';
import type { PdfDocument } from '../pdf/pdfjs.js';
import styles from './viewer-panels.module.css';

const THUMB_WIDTH = 96;

interface ThumbnailProps {
  pdf: PdfDocument;
  pageNumber: number;
  current: boolean;
  onGo: (page: number) => void;
}

/** One page's picture, drawn only once it scrolls into the sidebar's view. */
function Thumbnail({ pdf, pageNumber, current, onGo }: ThumbnailProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const button = buttonRef.current;
    const canvas = canvasRef.current;
    if (!button || !canvas) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      // A document closed meanwhile rejects; its thumbnail is simply left blank.
      renderThumbnail(pdf, pageNumber, canvas, THUMB_WIDTH).catch(() => undefined);
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, [pdf, pageNumber]);

  useEffect(() => {
    if (current) buttonRef.current?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  return (
    <li>
      <button
        ref={buttonRef}
        type="button"
        className={styles.thumb}
        aria-label={`Page ${pageNumber}`}
        aria-current={current ? 'page' : undefined}
        onClick={() => onGo(pageNumber)}
      >
        <canvas ref={canvasRef} className={styles.thumbCanvas} aria-hidden="true" />
        <span aria-hidden="true">{pageNumber}</span>
      </button>
    </li>
  );
}

interface ThumbnailSidebarProps {
  pdf: PdfDocument;
  pages: number;
  current: number;
  onGo: (page: number) => void;
}

/** The pages as small pictures; each one is a button that shows its page. */
export function ThumbnailSidebar({ pdf, pages, current, onGo }: ThumbnailSidebarProps) {
  return (
    <nav className={styles.sidebar} aria-label="Pages">
      <ol className={styles.thumbList}>
        {Array.from({ length: pages }, (_, index) => (
          <Thumbnail
            key={index}
            pdf={pdf}
            pageNumber={index + 1}
            current={current === index + 1}
            onGo={onGo}
          />
        ))}
      </ol>
    </nav>
  );
}

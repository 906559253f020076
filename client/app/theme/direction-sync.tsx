import { useDirection } from '@mantine/core';
import { useEffect } from 'react';

/** Keeps Mantine's direction in step with the language (Arabic: right to left). */
export function DirectionSync({ direction }: { direction: 'ltr' | 'rtl' }) {
  const { dir, setDirection } = useDirection();
  useEffect(() => {
    if (dir !== direction) setDirection(direction);
  }, [dir, direction, setDirection]);
  return null;
}

import { useEffect, useRef } from 'react';

/**
 * Gives the focus back to the element `id` once an inline edit form has closed (`editing` false),
 * when `returnFocus()` asked for it. The focus moves after React has put the element back on the
 * page, however long the render takes on a busy machine.
 */
export function useFocusReturn(editing: boolean, id: string): () => void {
  const wanted = useRef(false);
  useEffect(() => {
    if (editing || !wanted.current) return;
    wanted.current = false;
    document.getElementById(id)?.focus();
  }, [editing, id]);
  return () => {
    wanted.current = true;
  };
}

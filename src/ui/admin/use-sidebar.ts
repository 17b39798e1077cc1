import { useCallback, useEffect, useState } from "react";

/** Spec §9: the sidebar's state survives a week in a cookie; Ctrl/Cmd+B toggles it; 768 px splits the layouts. */
export const SIDEBAR_COOKIE = "sidebar_state";
const WEEK_SECONDS = 60 * 60 * 24 * 7;
export const MOBILE_QUERY = "(max-width: 767px)";

function readCookie(): boolean {
  const match = document.cookie.match(/(?:^|; )sidebar_state=(true|false)/);
  return match ? match[1] === "true" : true;
}

export function useSidebar() {
  const [expanded, setExpanded] = useState(readCookie);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [isMobile, setIsMobile] = useState(() => window.matchMedia?.(MOBILE_QUERY).matches ?? false);

  useEffect(() => {
    const media = window.matchMedia?.(MOBILE_QUERY);
    if (!media) return;
    const update = () => setIsMobile(media.matches);
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) {
      setMobileOpen((open) => !open);
      return;
    }
    setExpanded((value) => {
      document.cookie = `${SIDEBAR_COOKIE}=${!value}; path=/; max-age=${WEEK_SECONDS}; samesite=lax`;
      return !value;
    });
  }, [isMobile]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  return { expanded, isMobile, mobileOpen, toggle, closeMobile: () => setMobileOpen(false) };
}

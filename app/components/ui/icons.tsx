import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function stroke(paths: React.ReactNode) {
  return function Icon({ size = 20, ...props }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths}
      </svg>
    );
  };
}

export const SearchIcon = stroke(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
export const MenuIcon = stroke(<path d="M4 6h16M4 12h16M4 18h16" />);
export const CloseIcon = stroke(<path d="M6 6l12 12M18 6 6 18" />);
export const ChevronLeftIcon = stroke(<path d="m15 18-6-6 6-6" />);
export const ChevronRightIcon = stroke(<path d="m9 18 6-6-6-6" />);
export const ArrowLeftIcon = stroke(<path d="M19 12H5m6-6-6 6 6 6" />);
export const PlayIcon = stroke(<path d="M7 4v16l13-8z" fill="currentColor" />);
export const DownloadIcon = stroke(<path d="M12 4v11m-5-5 5 5 5-5M5 20h14" />);
export const ShareIcon = stroke(
  <>
    <circle cx="18" cy="5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="19" r="2.5" />
    <path d="m8.3 10.8 7.4-4.4M8.3 13.2l7.4 4.4" />
  </>,
);
export const FlagIcon = stroke(<path d="M5 21V4m0 0h11l-2 4 2 4H5" />);
export const HeartIcon = stroke(<path d="M12 20s-7-4.4-9-9a4.8 4.8 0 0 1 9-3 4.8 4.8 0 0 1 9 3c-2 4.6-9 9-9 9z" />);
export const BookmarkIcon = stroke(<path d="M6 3h12v18l-6-4-6 4z" />);
export const CopyIcon = stroke(
  <>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </>,
);
export const CheckIcon = stroke(<path d="m5 12 5 5L20 7" />);
export const ExternalIcon = stroke(<path d="M14 4h6v6m0-6L10 14M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />);
export const InfoIcon = stroke(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5m0-8h.01" />
  </>,
);
export const FilmIcon = stroke(
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M7 4v16M17 4v16M3 9h4m10 0h4M3 15h4m10 0h4" />
  </>,
);
export const FacebookIcon = stroke(<path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z" />);
export const XIcon = stroke(<path d="M4 4l16 16M20 4 4 20" />);
export const InstagramIcon = stroke(
  <>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5h.01" />
  </>,
);
export const TelegramIcon = stroke(<path d="m21 4-18 7 6 2m12-9-3 16-6-7m9-9L9 13m0 0v6l3-4" />);

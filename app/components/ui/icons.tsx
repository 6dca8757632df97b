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
export const UploadIcon = stroke(<path d="M12 16V5m-5 5 5-5 5 5M5 20h14" />);
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
export const GridIcon = stroke(<path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" />);
export const TvIcon = stroke(<path d="M3 7h18v12H3zM8 3l4 4 4-4" />);
export const UsersIcon = stroke(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M21.5 20a6.5 6.5 0 0 0-4-6" />
  </>,
);
export const ChartIcon = stroke(<path d="M4 20V10m6 10V4m6 16v-7m4 7H3" />);
export const SettingsIcon = stroke(
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </>,
);
export const LogoutIcon = stroke(<path d="M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4M10 17l5-5-5-5m5 5H3" />);
export const PlusIcon = stroke(<path d="M12 5v14M5 12h14" />);
export const TrashIcon = stroke(<path d="M4 7h16M10 11v6m4-6v6M6 7l1 13h10l1-13M9 7V4h6v3" />);
export const MoreIcon = stroke(<path d="M5 12h.01M12 12h.01M19 12h.01" strokeWidth={3} />);
export const EditIcon = stroke(<path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" />);
export const EyeIcon = stroke(
  <>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
export const EyeOffIcon = stroke(
  <path d="M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2" />,
);
export const ActivityIcon = stroke(<path d="M3 12h4l3-8 4 16 3-8h4" />);
export const LockIcon = stroke(
  <>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
);
export const InboxIcon = stroke(<path d="M3 13h5l1.5 3h5L16 13h5M5.5 5h13L21 13v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-6z" />);

import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LOGO_HOVER_IMAGE_COUNT, LOGO_LEAVE_DELAY_MS } from '../../shared/constants';
import { createShuffleBag } from '../ui/shuffle-bag';
import { useMediaQuery } from '../ui/use-media-query';
import styles from './Header.module.css';
import hover1 from './logo/hover-1.svg?no-inline';
import hover2 from './logo/hover-2.svg?no-inline';
import hover3 from './logo/hover-3.svg?no-inline';
import hover4 from './logo/hover-4.svg?no-inline';
import hover5 from './logo/hover-5.svg?no-inline';
import prideFlag from './logo/pride-flag.svg?no-inline';
import { useFeatures } from '../api/features';

const HOVER_IMAGES = [hover1, hover2, hover3, hover4, hover5];
/** Where the mobile header takes over (MobileHeader.module.css). */
export const MOBILE_HEADER = '(max-width: 989px)';

/** The wordmark; on hover a random image (none repeats until all five have shown), gone 200 ms after leaving. */
export function Logo() {
  const nextImage = useMemo(() => createShuffleBag(LOGO_HOVER_IMAGE_COUNT), []);
  const [image, setImage] = useState<number | null>(null);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  const enter = () => {
    clearTimeout(leaveTimer.current);
    setImage(nextImage());
  };
  const leave = () => {
    clearTimeout(leaveTimer.current);
    leaveTimer.current = setTimeout(() => setImage(null), LOGO_LEAVE_DELAY_MS);
  };

  // Spec 2 §9: the mobile header's logo links to / (below 990 px, where the mobile header shows).
  const mobile = useMediaQuery(MOBILE_HEADER);
  // Spec 1 §9: in pride-logo mode (the pride_logo flag) the hover shows the flag image.
  const pride = useFeatures().pride_logo === true;
  return (
    <Link
      to={mobile ? '/' : '/dashboard'}
      className={styles.logo}
      aria-label={mobile ? 'Tumbleweed: home' : 'Tumbleweed: dashboard'}
      onMouseEnter={enter}
      onMouseLeave={leave}
    >
      <span className={styles.logoMark} aria-hidden="true">
        {image === null ? 't' : pride ? <img src={prideFlag} alt="" width={28} height={28} data-logo-image="pride" /> : <img src={HOVER_IMAGES[image]} alt="" width={28} height={28} data-logo-image={image} />}
      </span>
      <span className={styles.logoText}>tumbleweed</span>
    </Link>
  );
}

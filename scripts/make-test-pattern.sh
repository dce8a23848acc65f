#!/usr/bin/env bash
# Makes the looped test pattern that demo channels play (apps/server/assets/test-pattern/):
# 4 MPEG-TS segments of 2 s each, H.264 + AAC, small enough to keep in the repository, so a
# fresh install shows video without ffmpeg. Run again only to change the pattern; needs ffmpeg
# (Debian: apt-get install ffmpeg). The server serves them as a live HLS playlist that loops
# (apps/server/src/features/streams/).
set -euo pipefail
out="$(dirname "$0")/../apps/server/assets/test-pattern"
mkdir -p "$out"
rm -f "$out"/segment-*.ts
ffmpeg -hide_banner -loglevel error \
  -f lavfi -i "testsrc2=size=640x360:rate=25:duration=8" \
  -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=8" \
  -vf "drawtext=text='Airgrid test pattern':fontcolor=white:fontsize=28:box=1:boxcolor=black@0.6:boxborderw=8:x=(w-text_w)/2:y=h-60" \
  -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -b:v 250k -maxrate 300k -bufsize 600k \
  -g 50 -keyint_min 50 -sc_threshold 0 \
  -c:a aac -b:a 48k -ac 1 -af "volume=0.1" \
  -f segment -segment_time 2 -segment_format mpegts -reset_timestamps 0 \
  "$out/segment-%d.ts"
ls -l "$out"

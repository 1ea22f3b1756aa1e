#!/usr/bin/env bash
# Regenerates the demo media in server/media/assets/ from lavfi sources (no input files).
# Needs ffmpeg with libx264, the native aac encoder and (optionally) drawtext + a
# DejaVu Sans Mono font (Debian: ffmpeg, fonts-dejavu-core). Run once; the output is
# committed because CI machines have no ffmpeg.
#
#   bash server/media/generate.sh
#
# What it makes, for each camera (main: assets/, second: assets/cam2/) and each rendition
# (original 960x540, hd 640x360, sd 426x240):
#   assets/<rendition>/seg-0.ts .. seg-9.ts   MPEG-TS segments of exactly 2 s (50 frames)
#   assets/<rendition>/vod.m3u8               ffmpeg's VOD media playlist for them
#   assets/<rendition>/loop.flv               the same 20 s loop as one FLV file
#
# Loop: 20 s, 25 fps, keyframe every 25 frames (1 s) exactly, no B-frames, H.264 Main,
# yuv420p; audio AAC-LC mono 32 kHz, 440 Hz sine at about -18 dBFS (lavfi's default
# amplitude 1/8).
#
# Why 32 kHz and not 44.1/48 kHz: an AAC frame is 1024 samples, and 20 s is a whole
# number of frames only at 32 kHz (640000 / 1024 = 625). At 44.1 or 48 kHz the audio of a
# loop would be 861.3 or 937.5 frames long, so every loop join would have a gap or an
# overlap. 440 Hz also makes 8800 whole cycles in 20 s, so the tone's phase is continuous.
# The audio is encoded once as 60 s of tone and the middle 20 s of AAC packets are kept
# (stream copy): this drops the encoder's priming frame and makes the first frame of the
# loop decode as if preceded by the loop's last frame, so the join is clean. The same
# audio packets are used by every rendition, so switching quality does not disturb audio.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$here/assets"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

FPS=25
LOOP_S=20
SEG_S=2
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf
ff=(ffmpeg -hide_banner -nostdin -loglevel error -y)

filters="$(ffmpeg -hide_banner -filters 2>/dev/null)"
if [[ -f "$FONT" && $filters == *" drawtext "* ]]; then
  have_text=1
else
  have_text=0
  echo "note: drawtext or $FONT not available; the pattern will have no burnt-in text" >&2
fi

# 1. Audio: 60 s of tone, keep packets [20 s, 40 s) -> exactly 625 AAC frames, pts from 0.
"${ff[@]}" -f lavfi -i "sine=frequency=440:sample_rate=32000:duration=60" \
  -c:a aac -b:a 32k -ac 1 "$tmp/tone60.m4a"
"${ff[@]}" -i "$tmp/tone60.m4a" -ss 20 -t "$LOOP_S" -c copy "$tmp/tone.m4a"

rm -rf "$out"
mkdir -p "$out"

# id width height video-bitrate(kb/s) font-size
renditions=(
  "original 960 540 350 30"
  "hd 640 360 200 20"
  "sd 426 240 110 14"
)

# encode_camera <dir> <lavfi source> <label prefix> <bit-rate percent>: the three renditions
# of one camera's loop into <dir>/<rendition>/.
encode_camera() {
  local root="$1" source="$2" prefix="$3" percent="$4"
  for r in "${renditions[@]}"; do
    read -r id w h kbps fs <<<"$r"
    kbps=$((kbps * percent / 100))
    dir="$root/$id"
    mkdir -p "$dir"

    vf="scale=${w}:${h}:flags=bicubic,setsar=1"
    if [[ $have_text == 1 ]]; then
      label="${prefix}${id^^} ${w}x${h}"
      vf+=",drawtext=fontfile=${FONT}:text='${label}  %{pts\\:hms}  f%{eif\\:n\\:d\\:3}'"
      vf+=":x=(w-tw)/2:y=h-th-${fs}:fontsize=${fs}:fontcolor=white:box=1:boxcolor=black@0.7:boxborderw=6"
    fi

    # 2. Video: one encode per rendition from the same 960x540 pattern. One x264 thread makes
    #    the output byte-identical from run to run (with frame threads it is not). SEI NAL
    #    units (x264's version/options banner) are stripped.
    "${ff[@]}" -f lavfi -i "${source}=size=960x540:rate=${FPS}" -t "$LOOP_S" \
      -vf "$vf" -c:v libx264 -threads 1 -preset medium -profile:v main -pix_fmt yuv420p \
      -b:v "${kbps}k" -maxrate "${kbps}k" -bufsize "$((kbps * 2))k" \
      -g "$FPS" -keyint_min "$FPS" -sc_threshold 0 -bf 0 -refs 2 \
      -bsf:v filter_units=remove_types=6 -an "$tmp/$id.mp4"

    # 3. HLS: 2 s MPEG-TS segments + VOD playlist (stream copy, so segments cut on keyframes).
    "${ff[@]}" -i "$tmp/$id.mp4" -i "$tmp/tone.m4a" -map 0:v -map 1:a -c copy \
      -f hls -hls_time "$SEG_S" -hls_list_size 0 -hls_playlist_type vod \
      -hls_segment_filename "$dir/seg-%d.ts" "$dir/vod.m3u8"

    # 4. FLV: the same loop as one file (AVC + AAC sequence headers, onMetaData).
    "${ff[@]}" -i "$tmp/$id.mp4" -i "$tmp/tone.m4a" -map 0:v -map 1:a -c copy \
      -f flv "$dir/loop.flv"

    n=$(find "$dir" -name 'seg-*.ts' | wc -l)
    if [[ $n -ne $((LOOP_S / SEG_S)) ]]; then
      echo "error: $id has $n segments, expected $((LOOP_S / SEG_S))" >&2
      exit 1
    fi
  done
}

# The main camera: testsrc2 at the full bit rates.
encode_camera "$out" testsrc2 "" 100
# A second camera (a multi-stream room's other view): the classic testsrc pattern, labelled,
# at 60 % of the bit rates (the catalog's bandwidths stay upper bounds for it).
encode_camera "$out/cam2" testsrc "CAMERA 2 " 60

# The audio-only track (the player's audio-only and slides-only modes): the sd rendition's
# segments and FLV without their video, by stream copy with the timestamps kept, so it
# joins the loop exactly where the renditions do.
mkdir -p "$out/audio"
for i in $(seq 0 $((LOOP_S / SEG_S - 1))); do
  "${ff[@]}" -copyts -i "$out/sd/seg-$i.ts" -map 0:a -c copy -muxdelay 0 -muxpreload 0 "$out/audio/seg-$i.ts"
done
"${ff[@]}" -i "$out/sd/loop.flv" -map 0:a -c copy "$out/audio/loop.flv"

du -sh "$out"
du -sh "$out"/*

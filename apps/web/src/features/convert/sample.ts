/** Draws a small logo-like image (flat colours, curves, text-free) and returns it as a PNG file. */
export async function createSampleImage(): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 480;
  canvas.height = 320;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 480, 320);
  ctx.fillStyle = '#4338ca';
  ctx.beginPath();
  ctx.arc(150, 160, 100, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#fbbf24';
  ctx.beginPath();
  ctx.moveTo(260, 260);
  ctx.lineTo(360, 60);
  ctx.lineTo(450, 260);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(150, 160, 45, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#0f766e';
  ctx.lineWidth = 14;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(40, 290);
  ctx.bezierCurveTo(160, 230, 300, 330, 440, 285);
  ctx.stroke();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('Could not encode the sample image');
  return new File([blob], 'tracery-sample.png', { type: 'image/png' });
}

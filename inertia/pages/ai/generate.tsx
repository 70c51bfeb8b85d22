export default function Generate() {
  return null
}

//go:build !linux && !darwin

package runner

import "os"

// readRegular reads the regular file at path into buf (reused when large
// enough). It returns errIsDir, errNotRegular or a *tooLargeError for a
// file it does not read, and an *fs.PathError when the file cannot be
// opened or read.
func readRegular(path string, max int64, buf []byte) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return buf, err
	}
	defer f.Close()
	info, err := f.Stat()
	switch {
	case err != nil:
		return buf, err
	case info.IsDir():
		return buf, errIsDir
	case !info.Mode().IsRegular():
		return buf, errNotRegular
	case info.Size() > max:
		return buf, &tooLargeError{size: info.Size(), max: max}
	}
	return readAll(f, int(info.Size()), max, buf)
}

// readWalked reads a file the walk found regular; here it is readRegular.
func readWalked(path string, max int64, buf []byte) ([]byte, error) {
	return readRegular(path, max, buf)
}

"""What the corpus kernels share: a launch on numpy arrays x (input) and z
(output), and the script entry (each file runs its kernel when run as a script)."""
import numpy as np


def run_kernel(kernel, cores=1, n=256, dtype=np.float32):
    x = np.arange(cores * n, dtype=dtype)
    z = np.zeros_like(x)
    kernel[cores](x, z, n)
    return x, z


def script(module_name, launch, *args, **kwargs):
    """The file's run() (what the tests call): launch(*args, **kwargs); called
    at once when the file is the script being run."""
    def run(**more):
        return launch(*args, **{**kwargs, **more})
    if module_name == "__main__":
        run()
    return run
